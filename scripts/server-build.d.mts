// Types of server-build.mjs for the TypeScript that imports it (the browser journeys' global setup).
export const SERVER_BUILD: string;
export function ensureServerBuild(options?: { announce?: () => void }): Promise<string>;
