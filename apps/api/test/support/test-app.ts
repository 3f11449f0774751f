import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type BuildOptions, buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { users } from '../../src/db/schema/index.ts';
import { newTotpSecret } from '../../src/lib/totp.ts';
import { insertUser, type UserSeed } from '../../src/seed/factories.ts';
import { openTestDatabase } from './database.ts';
import { startSmtpCapture } from './smtp.ts';
import { nextTotpCode } from './totp-code.ts';

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

/**
 * Signs in through the API and returns the session token. An account with a second factor gets
 * its code from its own key, as the person's authenticator app would make it.
 */
export async function signIn(app: FastifyInstance, email: string, password = 'password123'): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const body = json<{ requiresTwoFactor?: boolean; twoFactorToken?: string; data?: { token: string } }>(
    response,
  );
  if (response.statusCode === 401 && body.requiresTwoFactor && body.twoFactorToken) {
    const [user] = await app.ctx.database.db.select().from(users).where(eq(users.email, email));
    if (!user?.twoFactorSecret) throw new Error(`${email} asks for a code but has no key`);
    const verified = await app.inject({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      payload: {
        twoFactorToken: body.twoFactorToken,
        code: await nextTotpCode(user.twoFactorSecret, user.twoFactorLastStep),
      },
    });
    if (verified.statusCode !== 200) throw new Error(`second factor failed for ${email}: ${verified.body}`);
    return json<{ data: { token: string } }>(verified).data.token;
  }
  if (response.statusCode !== 200 || !body.data)
    throw new Error(`sign-in failed for ${email}: ${response.body}`);
  return body.data.token;
}

/**
 * Creates a user with the factory and signs them in. Admins get an authenticator key unless the
 * seed says otherwise, since an admin without one may not act (decision 195).
 */
export async function userWithToken(test: TestApp, seed: UserSeed = {}) {
  const password = seed.password ?? 'password123';
  const twoFactorSecret =
    seed.twoFactorSecret === undefined && seed.role === 'admin' ? newTotpSecret() : seed.twoFactorSecret;
  const user = await insertUser(test.db, { ...seed, password, twoFactorSecret });
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
