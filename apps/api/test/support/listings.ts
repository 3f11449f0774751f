import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client.ts';
import { listingMedia, listings } from '../../src/db/schema/index.ts';
import { jpegFromSvg, renderClip } from '../../src/seed/sample-files.ts';
import { multipart } from './test-app.ts';

export interface FileFixture {
  bytes: Buffer;
  name: string;
  type?: string;
}

export interface ListingFormOptions {
  /** Field overrides; undefined drops a field. */
  fields?: Record<string, string | undefined>;
  images?: FileFixture[];
  videos?: FileFixture[];
  testUpload?: FileFixture;
  removeImages?: string[] | string;
}

let counter = 0;

/** A complete, valid listing form (asking price, no media) with overrides. */
export function listingForm(options: ListingFormOptions = {}): FormData {
  counter += 1;
  const fields: Record<string, string | undefined> = {
    title: `Humboldt Blue Dream lot ${counter}`,
    description: 'Indoor Blue Dream, hand-trimmed and slow cured for three weeks. Dense, frosty buds.',
    product_type: 'Flower - Indoor',
    strain: 'Blue Dream',
    thc_content: '22.5',
    cbd_content: '0.4',
    zip_code: '95501',
    quantity_lbs: '25.5',
    asking_price: '1200',
    make_offer: 'false',
    negotiable: 'true',
    tested: 'false',
    ...options.fields,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  const file = (fixture: FileFixture) =>
    new Blob([new Uint8Array(fixture.bytes)], { type: fixture.type ?? 'application/octet-stream' });
  for (const image of options.images ?? []) form.append('images', file(image), image.name);
  for (const video of options.videos ?? []) form.append('videos', file(video), video.name);
  if (options.testUpload) form.append('test_upload', file(options.testUpload), options.testUpload.name);
  if (options.removeImages !== undefined) {
    form.append(
      'remove_images',
      typeof options.removeImages === 'string' ? options.removeImages : JSON.stringify(options.removeImages),
    );
  }
  return form;
}

export const formBody = (options: ListingFormOptions = {}) => multipart(listingForm(options));

/** A photo-like JPEG (a gradient with shapes), distinct per seed. */
export async function sampleJpeg(seed = 0, width = 640, height = 480): Promise<FileFixture> {
  const hue = (seed * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},60%,35%)"/><stop offset="1" stop-color="hsl(${(hue + 80) % 360},70%,65%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="hsl(${(hue + 160) % 360},50%,50%)"/>
  </svg>`;
  return { bytes: await jpegFromSvg(svg), name: `photo-${seed}.jpg`, type: 'image/jpeg' };
}

/** An ffmpeg test pattern clip (H.264 in MP4 unless told otherwise). */
export async function sampleVideo(
  seconds: number,
  options: { ext?: 'mp4' | 'mov' | 'avi' | 'wmv'; codecArgs?: string[] } = {},
): Promise<FileFixture> {
  const ext = options.ext ?? 'mp4';
  const dir = await mkdtemp(path.join(os.tmpdir(), 'canopy-video-'));
  const file = path.join(dir, `clip.${ext}`);
  const codec =
    options.codecArgs ??
    (ext === 'wmv'
      ? ['-c:v', 'wmv2']
      : ext === 'avi'
        ? ['-c:v', 'mpeg4']
        : ['-c:v', 'libx264', '-pix_fmt', 'yuv420p']);
  try {
    await renderClip(file, `testsrc=duration=${seconds}:size=320x240:rate=10`, { seconds, codecArgs: codec });
    return { bytes: await readFile(file), name: `clip.${ext}`, type: 'video/mp4' };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every file under DATA_DIR/uploads, as paths relative to it. */
export async function storedUploads(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'uploads');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** How many listing and media rows exist, and how many files are stored. */
export async function storedState(db: Db, dataDir: string) {
  const [[listingRows], [mediaRows], files] = await Promise.all([
    db.select({ total: count() }).from(listings),
    db.select({ total: count() }).from(listingMedia),
    storedUploads(dataDir),
  ]);
  return { listings: listingRows?.total ?? 0, media: mediaRows?.total ?? 0, files: files.length };
}

/** Creates a listing through the API as the seller holding `token`; returns its id. */
export async function postListing(
  app: { inject: FastifyInstance['inject'] },
  token: string,
  options: ListingFormOptions = {},
): Promise<string> {
  const body = await formBody(options);
  const response = await app.inject({
    method: 'POST',
    url: '/api/listings',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
  if (response.statusCode !== 201) throw new Error(`listing not created: ${response.body}`);
  return (response.json() as { data: { _id: string } }).data._id;
}

/** The fields of a public product (GET /api/products and /api/products/:id), sorted: nothing more. */
export const PUBLIC_PRODUCT_KEYS = [
  '_id',
  'availableQuantity',
  // The state record (issue 23, decision 211).
  'batchNumber',
  'packageUids',
  'coa',
  'category',
  'cbdContent',
  'createdAt',
  'description',
  'images',
  'media',
  'name',
  'priceRange',
  // Volume tiers (issue 25, decision 233).
  'priceTiers',
  'productType',
  'seller',
  'strain',
  'tested',
  'testLink',
  'thcContent',
  'updatedAt',
  'zipCode',
].sort();
