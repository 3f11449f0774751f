import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';

// Decisions 172 and 177: the catalog's pages must not fetch the form and schema libraries (the
// `forms` chunk) before they can draw; their forms load on intent. A module that imports
// react-hook-form, placed in a chunk the catalog needs, brings the whole chunk back, so the check
// reads the build's own import graph (run after `npm run build -w @canopy/web`, as the journeys are).

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
}

const dist = (file: string) => fileURLToPath(new URL(`../apps/web/dist/${file}`, import.meta.url));
const manifest = JSON.parse(readFileSync(dist('.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

/** The chunks a page fetches before it draws: the app's entry, the page's, and their static imports. */
function firstChunks(page: string | null): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  visit('index.html');
  if (page) visit(page);
  return [...seen];
}

const firstDownload = (page: string) => firstChunks(page).map((key) => manifest[key]?.name ?? key);

describe('the catalog’s first download', () => {
  test.each([
    'src/features/catalog/routes/products-page.tsx',
    'src/features/catalog/routes/product-detail-page.tsx',
  ])('%s does not include the form library', (page) => {
    expect(manifest[page], `${page} is a chunk of the build`).toBeDefined();
    expect(firstDownload(page)).not.toContain('forms');
  });
});

// Decision 257: every byte of script a page fetches before it draws is parsed and run in the one
// task that starts the app, the longest left in a Lighthouse trace. These are today's figures
// (gzip -9 of the chunks, what a browser unpacks) with a little room: a change that goes past one
// should move code out of the first download (a chunk loaded on intent) rather than raise the
// budget. 2026-11-28: home 142,310, /products 153,630, a product page 157,309 bytes; then issue 25
// put the bell, the cart's count and Wanted in every page's navigation, "Your price" on cards, the
// facet counts on /products and Add to cart on a product page. The bell's panel and the cart's
// offer were moved to chunks of their own, and the budgets raised to 146,272 / 158,834 / 163,140
// with the same room (decision 257).
describe('the first download of the pages Lighthouse scores', () => {
  test.each([
    { page: 'home', module: null, files: 6, gzipBytes: 147_000 },
    {
      page: '/products',
      module: 'src/features/catalog/routes/products-page.tsx',
      files: 10,
      gzipBytes: 159_500,
    },
    {
      page: 'a product page',
      module: 'src/features/catalog/routes/product-detail-page.tsx',
      files: 9,
      gzipBytes: 164_000,
    },
  ])('$page: at most $files script files and $gzipBytes bytes gzipped', ({ module, files, gzipBytes }) => {
    const chunks = firstChunks(module).map((key) => manifest[key]?.file ?? key);
    const bytes = chunks.reduce(
      (total, file) => total + gzipSync(readFileSync(dist(file)), { level: 9 }).length,
      0,
    );
    expect(chunks.length).toBeLessThanOrEqual(files);
    expect(bytes).toBeLessThanOrEqual(gzipBytes);
  });
});
