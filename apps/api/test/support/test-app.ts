import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type BuildOptions, buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { insertUser, type UserSeed } from '../../src/seed/factories.ts';
import { openTestDatabase } from './database.ts';
import { startSmtpCapture } from './smtp.ts';

export const TEST_APP_URL = 'http://canopy.test';

/**
 * The whole API on a private database, with mail going to a real SMTP server on loopback.
 * `webDistDir` serves a web build of the test's own making; `seo` is passed to buildApp.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  rateLimitScale = 1000,
  overrides: { webDistDir?: string; seo?: BuildOptions['seo'] } = {},
) {
  const database = await openTestDatabase();
  const smtp = await startSmtpCapture();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'canopy-test-'));
  const loaded = loadConfig({
    DATA_DIR: dataDir,
    APP_URL: TEST_APP_URL,
    SMTP_URL: smtp.url,
    NODE_ENV: 'test',
    // Tests write rows with SQL and read the catalog at once; the cache drops its pages when the
    // change notification arrives, a moment later. catalog-cache.test.ts turns it on.
    CATALOG_CACHE_ENTRIES: '0',
    ...env,
  });
  const config = { ...loaded, webDistDir: overrides.webDistDir ?? loaded.webDistDir };
  const app = await buildApp({ config, database, rateLimitScale, seo: overrides.seo });
  await app.ready();
  return {
    app,
    ctx: app.ctx,
    db: database.db,
    smtp,
    dataDir,
    async close() {
      await app.close();
      await smtp.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Listens on a free loopback port: streams are read over a real socket, as the browser does. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const json = <T = Record<string, unknown>>(response: LightMyRequestResponse) => response.json() as T;

/** Signs in through the API and returns the session token. */
export async function signIn(app: FastifyInstance, email: string, password = 'password123'): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed for ${email}: ${response.body}`);
  return json<{ data: { token: string } }>(response).data.token;
}

/** Creates a user with the factory and signs them in. */
export async function userWithToken(test: TestApp, seed: UserSeed = {}) {
  const password = seed.password ?? 'password123';
  const user = await insertUser(test.db, { ...seed, password });
  return { user, token: await signIn(test.app, user.email, password) };
}

/** Encodes a multipart body for inject(): the same bytes a browser's FormData would send. */
export async function multipart(form: FormData) {
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}
