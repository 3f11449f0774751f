import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Every screen but the home page is its own lazy chunk (apps/web/src/app/router.tsx), which the
// browser only learns about once the main script has run and the router has matched the address:
// one more round trip before the page can draw. The server knows the address from the start, so
// it names that chunk and the chunks it imports in <link rel="modulepreload"> tags, read from the
// build's manifest (vite `build.manifest`), and the browser fetches them beside the main script
// (decision 170). Only the public screens are listed: a signed-out visitor (and a crawler) lands
// on these; the signed-in screens would preload a page a visitor is then sent away from.

interface PageChunk {
  /** A page address the router sends to this screen. */
  pattern: RegExp;
  /** The screen's module, as the build's manifest names it (relative to apps/web). */
  source: string;
}

export const PAGE_CHUNKS: readonly PageChunk[] = [
  { pattern: /^\/products\/?$/, source: 'src/features/catalog/routes/products-page.tsx' },
  { pattern: /^\/products\/[^/]+\/?$/, source: 'src/features/catalog/routes/product-detail-page.tsx' },
  { pattern: /^\/(?:auth\/)?login\/?$/, source: 'src/features/auth/routes/login-page.tsx' },
  {
    pattern: /^\/(?:account-type-selection|auth\/register)\/?$/,
    source: 'src/features/auth/routes/account-type-selection-page.tsx',
  },
  { pattern: /^\/register\/?$/, source: 'src/features/auth/routes/register-page.tsx' },
  { pattern: /^\/forgot-password\/?$/, source: 'src/features/auth/routes/forgot-password-page.tsx' },
  { pattern: /^\/help\/?$/, source: 'src/features/legal/routes/help-page.tsx' },
  { pattern: /^\/terms\/?$/, source: 'src/features/legal/routes/terms-page.tsx' },
  { pattern: /^\/privacy\/?$/, source: 'src/features/legal/routes/privacy-page.tsx' },
];

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The manifest Vite writes beside the build, or null for a build made without one. */
export function readManifest(distDir: string): Manifest | null {
  const file = path.join(distDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : null;
}

/** The chunk's file and the files of every chunk it imports statically, transitively. */
function chunkFiles(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, into);
  return into;
}

/**
 * The modulepreload tags of each listed screen, by source: the files its chunk needs that the
 * page's own entry (index.html, already preloaded by the build) does not. A screen missing from
 * the manifest gets none: the page still works, it just loads its chunk the slow way.
 */
export function pagePreloads(manifest: Manifest | null): Map<string, string> {
  const tags = new Map<string, string>();
  if (!manifest) return tags;
  const entry = chunkFiles(manifest, 'index.html');
  for (const { source } of PAGE_CHUNKS) {
    if (!manifest[source]) continue;
    const files = [...chunkFiles(manifest, source)].filter((file) => !entry.has(file));
    tags.set(source, files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join(''));
  }
  return tags;
}

/** The screen's source for a page address, or null when it is not one of the listed screens. */
export function pageSourceOf(pathname: string): string | null {
  return PAGE_CHUNKS.find(({ pattern }) => pattern.test(pathname))?.source ?? null;
}
