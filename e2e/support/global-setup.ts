import type { TestProject } from 'vitest/node';
import { ensureServerBuild } from '../../scripts/server-build.mjs';
import { type SeededDemo, startServer } from './server.ts';

// Once per run of the browser journeys (decision 261):
// - the server build the journeys start, as `npm start` runs it (decisions 185 and 236), made now
//   when it is missing or older than its sources, so no journey compiles TypeScript;
// - one first start of that build on an empty database, which migrates it and seeds the demo.
//   Every journey's server then starts on its own copy of that data directory and database, and
//   skips the seeding (drawing pictures, encoding the demo clip) that was most of its start.

declare module 'vitest' {
  export interface ProvidedContext {
    seededDemo: SeededDemo;
  }
}

export default async function setup(project: TestProject) {
  await ensureServerBuild();
  const first = await startServer();
  const seeded = await first.stopKeepingData();
  project.provide('seededDemo', { dataDir: seeded.dataDir, database: seeded.database });
  return () => seeded.remove();
}
