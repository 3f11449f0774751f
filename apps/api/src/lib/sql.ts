/** Escapes LIKE wildcards so a search box matches what was typed, literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
