import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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

const manifest = JSON.parse(
  readFileSync(fileURLToPath(new URL('../apps/web/dist/.vite/manifest.json', import.meta.url)), 'utf8'),
) as Record<string, ManifestChunk>;

/** The chunks a page fetches before it draws: the app's entry, the page's, and their static imports. */
function firstDownload(page: string): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  visit('index.html');
  visit(page);
  return [...seen].map((key) => manifest[key]?.name ?? key);
}

describe('the catalog’s first download', () => {
  test.each([
    'src/features/catalog/routes/products-page.tsx',
    'src/features/catalog/routes/product-detail-page.tsx',
  ])('%s does not include the form library', (page) => {
    expect(manifest[page], `${page} is a chunk of the build`).toBeDefined();
    expect(firstDownload(page)).not.toContain('forms');
  });
});
