import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/schema/index.ts';
import { uuidv7 } from '../lib/ids.ts';
import { type ImageVariants, processImage } from '../lib/media/images.ts';
import { saveToTemp, stagingDir } from '../lib/uploads.ts';
import { discardUploads, type PreparedImage, prepareUploads, storePrepared } from '../modules/media/index.ts';
import { demoDailyViews, insertDemoDailyViews } from './demo-insights.ts';
import { insertListing, insertListingMedia } from './factories.ts';
import { DEMO_LISTINGS } from './fixtures/listings.ts';
import { type Palette, pictureSvg } from './pictures.ts';
import { jpegFromSvg, renderClip, samplePdf } from './sample-files.ts';

// The demo listings, stored with the listing factory and the media pipeline an upload goes
// through (webp variants, posters, content-addressed files). Each of the sixteen pictures is
// rendered once and shared by the listings that show it, which keeps seeding within seconds.

const coaLink = (reference: string) => `https://coa.example.com/reports/${reference}.pdf`;

/** A short looping clip for the listings that show a video (ffmpeg's Game of Life in greens), or null without ffmpeg. */
async function renderDemoClip(ffmpegPath: string, dir: string): Promise<string | null> {
  const file = path.join(dir, 'demo-clip.mp4');
  const life = 'life=s=480x270:mold=10:r=12:ratio=0.12:death_color=#1f3d2b:life_color=#a4c639,format=yuv420p';
  try {
    await renderClip(file, life, { seconds: 4, codecArgs: ['-c:v', 'libx264'], ffmpegPath });
    return file;
  } catch {
    return null;
  }
}

async function renderPictures(keys: string[]): Promise<Map<string, ImageVariants>> {
  const pictures = new Map<string, ImageVariants>();
  for (const key of keys) {
    const [palette, seed] = key.split(':') as [Palette, string];
    pictures.set(key, await processImage(await jpegFromSvg(pictureSvg(palette, Number(seed)))));
  }
  return pictures;
}

/**
 * Creates the demo listings for the given verified sellers (index 0 first). Returns how many were
 * created. Posters come from ffmpeg when it is there.
 */
export async function seedDemoListings(ctx: AppContext, sellers: UserRow[]): Promise<number> {
  const { db } = ctx.database;
  const { dataDir, ffmpegPath } = ctx.config;
  const wanted = DEMO_LISTINGS.filter((listing) => sellers[listing.seller]);
  const pictures = await renderPictures([
    ...new Set(wanted.flatMap((listing) => listing.pictures.map(([palette, seed]) => `${palette}:${seed}`))),
  ]);

  // Staged like uploads, so a start killed while seeding leaves nothing outside DATA_DIR.
  await mkdir(stagingDir(dataDir), { recursive: true });
  const workDir = await mkdtemp(path.join(stagingDir(dataDir), 'demo-'));
  try {
    const clip = wanted.some((listing) => listing.video) ? await renderDemoClip(ffmpegPath, workDir) : null;
    const now = Date.now();
    for (const demo of wanted) {
      const seller = sellers[demo.seller] as UserRow;
      const uploads = {
        images: [],
        videos:
          demo.video && clip ? [await saveToTemp(createReadStream(clip), 'demo-clip.mp4', dataDir)] : [],
        testUpload: demo.coa
          ? await saveToTemp(
              Readable.from(samplePdf(`Certificate of analysis ${demo.coa}`)),
              `${demo.coa}.pdf`,
              dataDir,
            )
          : null,
      };
      try {
        const rendered = await prepareUploads(ctx, uploads);
        const images: PreparedImage[] = demo.pictures.map(([palette, seed]) => ({
          kind: 'image',
          variants: pictures.get(`${palette}:${seed}`) as ImageVariants,
        }));
        const listedAt = new Date(now - demo.daysAgo * 86_400_000 - demo.seller * 3_600_000);
        const id = uuidv7(listedAt.getTime());
        const stored = await storePrepared(ctx.publicFiles, id, {
          items: [...images, ...rendered.items],
          testUpload: rendered.testUpload,
        });
        await insertListing(db, seller, {
          id,
          title: demo.title,
          description: demo.description,
          productType: demo.type,
          strain: demo.strain ?? null,
          thcContent: demo.thc ?? null,
          cbdContent: demo.cbd ?? null,
          zipCode: seller.zipCode,
          quantityLbs: demo.lbs,
          makeOffer: demo.price === undefined,
          askingPrice: demo.price ?? null,
          negotiable: demo.negotiable ?? false,
          tested: demo.coa !== undefined,
          testLink: demo.coa ? coaLink(demo.coa) : null,
          testUpload: stored.testUpload,
          isActive: !demo.archived,
          viewsCount: demo.views,
          createdAt: listedAt,
        });
        await insertListingMedia(db, id, stored.items);
        await insertDemoDailyViews(db, id, demoDailyViews(demo.title, demo.views, listedAt, new Date(now)));
      } finally {
        await discardUploads(uploads);
      }
    }
    return wanted.length;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
