import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One runner for the whole suite, in four projects: shared (pure units), web (the web app's modules,
// hooks and building blocks in happy-dom, beside the code they test), api (integration through
// buildApp + inject on a cloned database) and e2e (real server, real Chromium).
export default defineConfig({
  test: {
    // Twice the cores (at most 8): an API test file spends most of its time waiting on PostgreSQL, a
    // child process or a timer, so one worker per core left half the CPU idle (on 2 cores, API files
    // on PostgreSQL 228 s -> 135 s, on PGlite 284 s -> 190 s). Browser journeys stay one at a time.
    maxWorkers: Math.min(8, 2 * availableParallelism()),
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          // Pure functions: nothing a file does outlives it, so files share loaded modules.
          isolate: false,
        },
      },
      {
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          // Files share their worker's loaded modules instead of importing the whole server again
          // each (decision 262): importing was 382 of the units' 852 CPU seconds. Every file builds
          // its own app on its own database, and undoes anything else it changes.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
