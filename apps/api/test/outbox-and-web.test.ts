import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { browserConfigScript } from '../src/http/web-app.ts';
import { openTestDatabase } from './support/database.ts';

// The single-machine defaults: mail to the outbox (listed at /dev/mail) and the built web app
// served by the API, with run-time settings injected into index.html.

let app: FastifyInstance;
let database: Database;
let dataDir: string;
let webDistDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'canopy-outbox-'));
  webDistDir = path.join(dataDir, 'web');
  await mkdir(path.join(webDistDir, 'assets'), { recursive: true });
  await writeFile(
    path.join(webDistDir, 'index.html'),
    '<!doctype html><head><!--canopy-config--></head><body>app</body>',
  );
  await writeFile(path.join(webDistDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  database = await openTestDatabase();
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'review@canopy.test',
      APP_URL: 'http://canopy.lan:8080',
    }),
    webDistDir,
  };
  app = await buildApp({ config, database, rateLimitScale: 1000 });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('mail outbox', () => {
  it('writes each mail as an .eml file and lists it at /dev/mail with clickable links', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'nobody@example.com' },
    });
    await app.ctx.mailer.send({
      to: 'someone@example.com',
      subject: 'Hello outbox',
      text: 'Open http://localhost:3000/reset-password?token=abc now',
      html: '<p>hi</p>',
    });
    // Sending queues the mail; the worker writes it to the outbox. Wait for that pass.
    await app.ctx.mailer.drain();
    const files = await readdir(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const raw = await readFile(path.join(dataDir, 'outbox', files[0] ?? ''), 'utf8');
    expect(raw).toContain('Subject: Hello outbox');
    expect(raw).toContain('text/html');

    const list = await app.inject({ method: 'GET', url: '/dev/mail' });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Hello outbox');
    const one = await app.inject({ method: 'GET', url: `/dev/mail/${files[0]}` });
    expect(one.body).toContain('<a href="http://localhost:3000/reset-password?token=abc">');
    expect((await app.inject({ method: 'GET', url: '/dev/mail/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(
      404,
    );
  });

  it('answers only a direct loopback client whose Host is a loopback name or APP_URL', async () => {
    const status = async (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
      (await app.inject({ method: 'GET', url: '/dev/mail', headers, remoteAddress })).statusCode;
    expect(await status({ host: 'localhost:3000' })).toBe(200);
    expect(await status({ host: '127.0.0.1:3000' })).toBe(200);
    expect(await status({ host: '[::1]:3000' }, '::1')).toBe(200);
    expect(await status({ host: 'canopy.lan:8080' })).toBe(200);

    // Another machine, even with a Host the developer would type.
    expect(await status({ host: 'localhost:3000' }, '203.0.113.7')).toBe(404);
    // A web page elsewhere whose name was rebound to 127.0.0.1 (DNS rebinding).
    expect(await status({ host: 'attacker.example:3000' })).toBe(404);
    expect(await status({ host: 'canopy.lan:9999' })).toBe(404);
    // A reverse proxy on this machine relaying someone else.
    expect(await status({ host: 'localhost:3000', 'x-forwarded-for': '203.0.113.7' })).toBe(404);
    const files = await readdir(path.join(dataDir, 'outbox'));
    const message = await app.inject({
      method: 'GET',
      url: `/dev/mail/${files[0]}`,
      headers: { host: 'attacker.example' },
    });
    expect(message.statusCode).toBe(404);
    expect(message.json()).toEqual({
      success: false,
      error: 'Not found',
      message: 'Not found',
      code: 'not_found',
    });
  });

  it('is not served when mail goes to a real SMTP server', async () => {
    const withSmtp = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:2525' }),
      database,
    });
    try {
      expect((await withSmtp.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
    } finally {
      await withSmtp.close();
    }
  });

  it('is not served in production', async () => {
    const production = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' }),
      database,
    });
    try {
      const response = await production.inject({ method: 'GET', url: '/dev/mail' });
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('web app serving', () => {
  it('answers page routes with index.html carrying the admin e-mail, allowed by the CSP', async () => {
    for (const url of ['/', '/login', '/admin/users']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('window.__CANOPY__={"adminEmail":"review@canopy.test"}');
      expect(String(response.headers['content-security-policy'])).toContain(
        browserConfigScript('review@canopy.test').cspHash,
      );
    }
  });

  it('answers an address that is no page of the app with status 404 and the app, which shows its not-found page', async () => {
    // A product address with no public product behind it is a 404 too (decision 191), with the app.
    for (const url of [
      '/no-such-page',
      '/seller/unknown',
      '/products/1/extra',
      '/products/123',
      '/assets/gone-abc123.js',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('window.__CANOPY__={"adminEmail":"review@canopy.test"}');
    }
    // A page's own address keeps its 200, query string and trailing slash included.
    for (const url of ['/seller/listings/new', '/register?type=buyer', '/messages/', '/LOGIN']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });

  it('caches hashed assets for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().success).toBe(false);
  });
});
