import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';
import { type RunningServer, startServer } from './server.ts';

/** Bounded auto-waits: long enough for a cold Vite chunk and an argon2 hash, short enough to fail fast. */
const ACTION_TIMEOUT_MS = 15_000;
const NAVIGATION_TIMEOUT_MS = 20_000;
const SCREENSHOT_DIR = '/tmp';

/** A server for one test file, on its own copy of the run's seeded demo (see startServer). */
export function startJourneyServer(serverEnv: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  return startServer(serverEnv, inject('seededDemo'));
}

/** Debian's Chromium, headless; never a downloaded browser build (no `playwright install`). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
}

export interface Journey {
  readonly server: RunningServer;
  /** A page in a new browser context (its own localStorage), pointed at the server. */
  newPage(): Promise<Page>;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

/**
 * Wires one test file to one server and one browser: both start before the first test and stop
 * after the last. Each test's browser contexts are closed after it; when the test failed, every
 * open page is first saved as a screenshot in /tmp and the browser's console errors are printed.
 * `serverEnv` adds settings the file's journeys are about (see startServer).
 */
export function useJourney(serverEnv: NodeJS.ProcessEnv = {}): Journey {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let contexts: { context: BrowserContext; consoleErrors: string[] }[] = [];

  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([startJourneyServer(serverEnv), launchBrowser()]);
    if (started.status === 'fulfilled') server = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });

  afterEach(async ({ task }) => {
    const opened = contexts;
    contexts = [];
    if (task.result?.state === 'fail') {
      const file = slug(path.basename(task.file.name, '.test.ts'));
      let index = 0;
      for (const { context, consoleErrors } of opened) {
        for (const page of context.pages()) {
          index += 1;
          const shot = path.join(SCREENSHOT_DIR, `canopy-e2e-${file}-${slug(task.name)}-${index}.png`);
          await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
          console.error(`[e2e] "${task.name}" failed on ${page.url()}; screenshot: ${shot}`);
        }
        if (consoleErrors.length) console.error(`[e2e] browser console errors:\n${consoleErrors.join('\n')}`);
      }
      const serverLogs = server?.recentLogs();
      if (serverLogs) console.error(`[e2e] server log:\n${serverLogs}`);
    }
    await Promise.all(opened.map(({ context }) => context.close().catch(() => undefined)));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  return {
    get server() {
      if (!server) throw new Error('The server is not running (did beforeAll fail?)');
      return server;
    },
    async newPage() {
      if (!browser || !server)
        throw new Error('The browser or the server is not running (did beforeAll fail?)');
      const context = await browser.newContext({
        baseURL: server.baseUrl,
        viewport: { width: 1280, height: 900 },
      });
      context.setDefaultTimeout(ACTION_TIMEOUT_MS);
      context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
      const consoleErrors: string[] = [];
      contexts.push({ context, consoleErrors });
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: uncaught ${error.message}`));
      return page;
    },
  };
}
