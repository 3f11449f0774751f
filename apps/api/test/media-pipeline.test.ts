import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';
import { LISTING_RULES, type ListingDto } from '@canopy/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeholderPoster } from '../src/lib/media/images.ts';
import { parseDuration } from '../src/lib/media/video.ts';
import {
  type FileFixture,
  formBody,
  type ListingFormOptions,
  sampleVideo,
  storedState,
} from './support/listings.ts';
import { bearer, createTestApp, json, type TestApp, userWithToken } from './support/test-app.ts';

const run = promisify(execFile);

let test: TestApp;
let token: string;

beforeAll(async () => {
  test = await createTestApp();
  token = (await userWithToken(test, { role: 'seller' })).token;
});
afterAll(() => test.close());

async function create(options: ListingFormOptions, app = test, sellerToken = token) {
  const body = await formBody(options);
  return app.app.inject({
    method: 'POST',
    url: '/api/listings',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(sellerToken) },
  });
}

async function created(options: ListingFormOptions, app = test, sellerToken = token): Promise<ListingDto> {
  const response = await create(options, app, sellerToken);
  expect(response.statusCode, response.body).toBe(201);
  return json<{ data: ListingDto }>(response).data;
}

async function fetchFile(url: string, headers: Record<string, string> = {}) {
  return test.app.inject({ method: 'GET', url, headers });
}

const MARKER = 'CANOPY-SECRET-EXIF-MARKER';

/** A camera-like JPEG: EXIF with a GPS position and a marker, stored sideways (orientation 6). */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#4a7' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="640" height="480"><rect width="200" height="480" fill="#c33"/></svg>',
        ),
      },
    ])
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Copyright: MARKER, Make: 'CanopyCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 48/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '124/1 9/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();
}

/** A real decompression bomb: a 64-megapixel PNG that is a few dozen kilobytes on the wire. */
function pngBomb(side = 8000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((side + 1) * side); // filter byte 0 and black pixels, row after row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** Mean absolute difference of two images at 80×60 greyscale (0 = identical, 255 = opposite). */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const small = (input: Buffer) => sharp(input).resize(80, 60, { fit: 'fill' }).greyscale().raw().toBuffer();
  const [x, y] = await Promise.all([small(a), small(b)]);
  let total = 0;
  for (let i = 0; i < x.length; i++) total += Math.abs((x[i] as number) - (y[i] as number));
  return total / x.length;
}

/** The frame ffmpeg itself gives at a time, for comparison with the stored poster. */
async function frameAt(video: Buffer, seconds: number): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'canopy-frame-'));
  try {
    await writeFile(path.join(dir, 'in.mp4'), video);
    await run('ffmpeg', [
      '-loglevel',
      'error',
      '-ss',
      String(seconds),
      '-i',
      path.join(dir, 'in.mp4'),
      '-frames:v',
      '1',
      path.join(dir, 'out.png'),
    ]);
    return await readFile(path.join(dir, 'out.png'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('images', () => {
  it('makes four upright webp variants with no EXIF or GPS left in any of them', async () => {
    const original = await jpegWithGps();
    expect(original.includes(Buffer.from(MARKER))).toBe(true);
    const exif = (await sharp(original).metadata()).exif ?? Buffer.alloc(0);
    expect(exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))).toBe(true); // GPS IFD tag
    expect((await sharp(original).metadata()).orientation).toBe(6);

    const listing = await created({
      images: [{ bytes: original, name: 'IMG_0001.jpg', type: 'image/jpeg' }],
    });
    const variants = listing.media[0]?.variants;
    const expectedLongSide = { thumbnail: 200, small: 400, medium: 640, original: 640 };
    // All four, each checked below: a missing one would otherwise pass the loop unseen.
    expect(Object.keys(variants ?? {}).sort()).toEqual(Object.keys(expectedLongSide).sort());
    for (const [name, url] of Object.entries(variants ?? {})) {
      const response = await fetchFile(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      const bytes = response.rawPayload;
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(bytes.includes(Buffer.from(MARKER))).toBe(false);
      expect(bytes.includes(Buffer.from('CanopyCam'))).toBe(false);
      // Stored sideways with orientation 6: the variants stand upright, taller than wide.
      expect(metadata.height).toBe(expectedLongSide[name as keyof typeof expectedLongSide]);
      expect(metadata.width).toBeLessThan(metadata.height ?? 0);
    }
    expect(listing.media[0]).toMatchObject({ width: 480, height: 640 });
  });

  it('caps the original at 2000 px on its long side', async () => {
    const wide = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#357' } })
      .png()
      .toBuffer();
    const listing = await created({ images: [{ bytes: wide, name: 'wide.png' }] });
    expect(listing.media[0]).toMatchObject({ width: 2000, height: 667 });
  });

  it('refuses a decompression bomb before decoding it, and stores nothing', async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(200_000);
    const before = await storedState(test.db, test.dataDir);
    const response = await create({ images: [{ bytes: bomb, name: 'bomb.png', type: 'image/png' }] });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ success: false, error: LISTING_RULES.imageTooManyPixels });
    expect(await storedState(test.db, test.dataDir)).toEqual(before);
  });

  it('refuses an image whose bytes cannot be decoded', async () => {
    const jpeg = await jpegWithGps();
    const broken = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(500, 0x55)]);
    const before = await storedState(test.db, test.dataDir);
    const response = await create({ images: [{ bytes: broken, name: 'broken.jpg' }] });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ error: LISTING_RULES.imageUnreadable });
    expect(await storedState(test.db, test.dataDir)).toEqual(before);
  });

  it('serves media with a year-long immutable cache and content-addressed names', async () => {
    const listing = await created({ images: [{ bytes: await jpegWithGps(), name: 'a.jpg' }] });
    const url = listing.media[0]?.thumbnail ?? '';
    const response = await fetchFile(url);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const hash = (await import('node:crypto')).createHash('sha256').update(response.rawPayload).digest('hex');
    expect(url).toBe(`/uploads/listings/${listing._id}/${hash}.webp`);
    const missing = await fetchFile(`/uploads/listings/${listing._id}/${'0'.repeat(64)}.webp`);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/application\/json/);
  });
});

describe('videos', () => {
  let clip: FileFixture;
  beforeAll(async () => {
    clip = await sampleVideo(3);
  });

  it('stores the video as uploaded, with its duration and the frame at 2.0 s as poster', async () => {
    const listing = await created({ videos: [clip] });
    const [video] = listing.media;
    expect(video).toMatchObject({
      type: 'video',
      mimeType: 'video/mp4',
      size: clip.bytes.length,
      variants: null,
    });
    expect(video?.duration).toBeCloseTo(3, 1);
    expect(video?.url).toMatch(/\.mp4$/);

    const stored = await fetchFile(video?.url ?? '');
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['content-type']).toBe('video/mp4');
    expect(Buffer.compare(stored.rawPayload, clip.bytes)).toBe(0);
    const partial = await fetchFile(video?.url ?? '', { range: 'bytes=0-99' });
    expect(partial.statusCode).toBe(206);
    expect(partial.rawPayload.length).toBe(100);

    const poster = (await fetchFile(video?.thumbnail ?? '')).rawPayload;
    expect((await sharp(poster).metadata()).format).toBe('webp');
    const atTwo = await difference(poster, await frameAt(clip.bytes, 2));
    const atZero = await difference(poster, await frameAt(clip.bytes, 0));
    expect(atTwo).toBeLessThan(atZero);
    expect(atTwo).toBeLessThan(8);
  });

  it('falls back to the first frame for a clip shorter than 2 seconds', async () => {
    const short = await sampleVideo(1);
    const listing = await created({ videos: [short] });
    const poster = (await fetchFile(listing.media[0]?.thumbnail ?? '')).rawPayload;
    expect(await difference(poster, await frameAt(short.bytes, 0))).toBeLessThan(8);
    expect(listing.media[0]?.duration).toBeCloseTo(1, 1);
  });

  it('accepts MOV, AVI and WMV by their bytes', async () => {
    for (const [ext, mime] of [
      ['mov', 'video/quicktime'],
      ['avi', 'video/x-msvideo'],
      ['wmv', 'video/x-ms-wmv'],
    ] as const) {
      const video = await sampleVideo(2.5, { ext });
      const listing = await created({ videos: [{ ...video, name: `clip.${ext}` }] });
      expect(listing.media[0]).toMatchObject({ type: 'video', mimeType: mime });
      expect(listing.media[0]?.url.endsWith(`.${ext}`)).toBe(true);
      const poster = await fetchFile(listing.media[0]?.thumbnail ?? '');
      expect(poster.statusCode).toBe(200);
    }
  });

  it('uses a placeholder poster (and still saves the listing) when ffmpeg is missing', async () => {
    const noFfmpeg = await createTestApp({ FFMPEG_PATH: '/nonexistent/ffmpeg' });
    try {
      const seller = await userWithToken(noFfmpeg, { role: 'seller' });
      const listing = await created({ videos: [clip] }, noFfmpeg, seller.token);
      const placeholder = await placeholderPoster();
      expect(listing.media[0]?.thumbnail).toBe(`/uploads/listings/${listing._id}/${placeholder.sha256}.webp`);
      expect(listing.media[0]?.duration).toBeNull();
    } finally {
      await noFfmpeg.close();
    }
  });

  it('uses a placeholder poster when ffmpeg cannot read the file', async () => {
    const garbled = Buffer.concat([clip.bytes.subarray(0, 64), Buffer.alloc(4096, 0x42)]);
    const listing = await created({ videos: [{ bytes: garbled, name: 'garbled.mp4' }] });
    const placeholder = await placeholderPoster();
    expect(listing.media[0]?.thumbnail).toBe(`/uploads/listings/${listing._id}/${placeholder.sha256}.webp`);
  });

  it("reads durations from ffmpeg's summary line", () => {
    expect(parseDuration('  Duration: 00:01:02.50, start: 0.000000, bitrate: 9 kb/s')).toBe(62.5);
    expect(parseDuration('  Duration: N/A, bitrate: N/A')).toBeNull();
  });
});
