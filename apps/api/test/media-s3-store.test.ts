import { createServer, type Server } from 'node:http';
import type { ListingDto } from '@canopy/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formBody, sampleJpeg, sampleVideo } from './support/listings.ts';
import { bearer, createTestApp, json, type TestApp, userWithToken } from './support/test-app.ts';

// The S3 store against a small in-process stand-in for an S3-compatible service (path-style
// PUT/GET/DELETE of objects). It checks what the store sends; it is no proof against a real bucket.

interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
}

let server: Server;
let endpoint: string;
const objects = new Map<string, StoredObject>();

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const key = decodeURIComponent(new URL(request.url ?? '/', 'http://s3').pathname);
      if (request.method === 'PUT') {
        objects.set(key, {
          body: Buffer.concat(chunks),
          contentType: request.headers['content-type'],
          cacheControl: request.headers['cache-control'],
        });
        response.writeHead(200, { etag: '"stored"' }).end();
      } else if (request.method === 'GET') {
        const object = objects.get(key);
        if (!object) {
          response
            .writeHead(404, { 'content-type': 'application/xml' })
            .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
          return;
        }
        response
          .writeHead(200, { 'content-type': object.contentType ?? '', 'content-length': object.body.length })
          .end(object.body);
      } else if (request.method === 'DELETE') {
        objects.delete(key);
        response.writeHead(204).end();
      } else {
        response.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('media in S3-compatible storage', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp({
      S3_BUCKET: 'canopy-media',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-west-1',
      S3_ACCESS_KEY_ID: 'test-key',
      S3_SECRET_ACCESS_KEY: 'test-secret',
    });
  });
  afterAll(() => test.close());

  it('uploads variants and videos to the bucket with an immutable cache header and links to them there', async () => {
    const { token } = await userWithToken(test, { role: 'seller' });
    const clip = await sampleVideo(2.5);
    const body = await formBody({ images: [await sampleJpeg(4)], videos: [clip] });
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/listings',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
    });
    expect(response.statusCode, response.body).toBe(201);
    const listing = json<{ data: ListingDto }>(response).data;
    const [image, video] = listing.media;
    expect(image?.url.startsWith(`${endpoint}/canopy-media/listings/${listing._id}/`)).toBe(true);

    const stored = objects.get(`/canopy-media/listings/${listing._id}/${video?.url.split('/').pop()}`);
    expect(stored?.body.equals(clip.bytes)).toBe(true);
    expect(stored?.contentType).toBe('video/mp4');
    expect(stored?.cacheControl).toBe('public, max-age=31536000, immutable');
    const thumbnail = objects.get(new URL(image?.thumbnail ?? '').pathname);
    expect(thumbnail?.contentType).toBe('image/webp');

    // The page may load media from the bucket's origin, and nothing was written to local disk.
    const page = await test.app.inject({ method: 'GET', url: '/api/health' });
    expect(page.headers['content-security-policy']).toContain(`img-src 'self' data: blob: ${endpoint}`);
    expect(page.headers['content-security-policy']).toContain(`media-src 'self' blob: ${endpoint}`);

    // Removing media deletes its objects from the bucket.
    const update = await formBody({ removeImages: [image?._id ?? ''] });
    const updated = await test.app.inject({
      method: 'PUT',
      url: `/api/listings/${listing._id}`,
      payload: update.payload,
      headers: { ...update.headers, ...bearer(token) },
    });
    expect(updated.statusCode).toBe(200);
    for (const url of Object.values(image?.variants ?? {}))
      expect(objects.has(new URL(url).pathname)).toBe(false);
  });

  it('reads objects back and reports missing ones as absent', async () => {
    const store = test.ctx.publicFiles;
    await store.putBuffer('probe/hello.txt', Buffer.from('hello'), 'text/plain');
    const found = await store.read('probe/hello.txt');
    const chunks: Buffer[] = [];
    for await (const chunk of found?.stream ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello');
    expect(found?.size).toBe(5);
    expect(await store.read('probe/missing.txt')).toBeNull();
    await store.delete('probe/hello.txt');
    expect(objects.has('/canopy-media/probe/hello.txt')).toBe(false);
  });
});
