import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import type { ProductDto } from '@canopy/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person } from './messages-helpers.ts';
import { postListing, sampleJpeg } from './support/listings.ts';
import { bearer, createTestApp, json, type TestApp, userWithToken } from './support/test-app.ts';
import { ASSET_PATH, ASSET_SOURCE, writeWebBuild } from './support/web-build.ts';

// Compressed transfer (decision 115): the web app's files in the .br/.gz copies made at build
// time, JSON and pages compressed per request above a threshold, and what must stay as it is:
// small answers, media, and the live message stream.

let test: TestApp;
let productId: string;

beforeAll(async () => {
  test = await createTestApp({}, 1000, { webDistDir: await writeWebBuild() });
  const seller = await userWithToken(test, { role: 'seller' });
  productId = await postListing(test.app, seller.token, { images: [await sampleJpeg(3)] });
});
afterAll(() => test.close());

const get = (url: string, acceptEncoding?: string) =>
  test.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

const decode: Record<string, (body: Buffer) => Buffer> = {
  br: zlib.brotliDecompressSync,
  gzip: zlib.gunzipSync,
};

describe('API answers', () => {
  it('compresses JSON above the threshold with Brotli, else gzip, as the client accepts', async () => {
    const plain = await get('/api/products?limit=50');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    for (const [accepted, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await get('/api/products?limit=50', accepted);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decode[encoding]?.(response.rawPayload).toString('utf8') ?? '')).toEqual(
        plain.json(),
      );
    }
  });

  it('sends small answers as they are', async () => {
    const response = await get('/api/health', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('leaves uploaded pictures alone: they are compressed already', async () => {
    const product = json<{ product: ProductDto }>(await get(`/api/products/${productId}`)).product;
    const picture = product.media[0]?.variants?.medium ?? '';
    const response = await get(new URL(picture, 'http://canopy.test').pathname, 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});

describe('the web app', () => {
  it('sends the build’s Brotli or gzip copy of a script, cached for a year', async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const response = await get(ASSET_PATH, encoding === 'br' ? 'gzip, deflate, br' : 'gzip');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode[encoding]?.(response.rawPayload).toString('utf8')).toBe(ASSET_SOURCE);
    }
    const plain = await get(ASSET_PATH);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET_SOURCE);
  });

  it('compresses the page HTML, settings included', async () => {
    const response = await get('/products', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
    const html = zlib.brotliDecompressSync(response.rawPayload).toString('utf8');
    expect(html).toContain('window.__CANOPY__=');
    expect(html).toBe((await get('/products')).body);
  });
});

describe('the live message stream', () => {
  it('is never compressed, so each event arrives as it happens', async () => {
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = test.app.server.address() as AddressInfo;
    const buyer = await person(test);
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/messages/stream`, {
      headers: { ...bearer(buyer.token), 'accept-encoding': 'br, gzip' },
      signal: controller.signal,
    });
    try {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBeNull();
      // The opening frames come while the stream stays open: nothing holds them back.
      const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      while (!text.includes('event: unread')) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) throw new Error(`stream ended early: ${text}`);
        text += chunk.value;
      }
      expect(text).toContain('retry: 3000');
    } finally {
      controller.abort();
    }
  });
});
