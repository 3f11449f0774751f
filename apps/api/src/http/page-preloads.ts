import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type AppRouteName, appRouteOf } from '@canopy/shared';

// Every screen but the home page is its own lazy chunk (apps/web/src/app/routes.tsx), which the
// browser only learns about once the main script has run and the router has matched the address:
// one more round trip before the page can draw. The server knows the address from the start, so
// it names that chunk and the chunks it imports in <link rel="modulepreload"> tags, read from the
// build's manifest (vite `build.manifest`), and the browser fetches them beside the main script
// (decision 170). Only the public screens are listed: a signed-out visitor (and a crawler) lands
// on these; the signed-in screens would preload a page a visitor is then sent away from.

/**
 * The screen module of each page listed, as the build's manifest names it (relative to apps/web),
 * by the page's name in the shared list of addresses (APP_ROUTES), which the web router also
 * builds its routes from: an address is written once, there (decision 198). page-preloads.test.ts
 * checks each module against the one the router loads for that page.
 */
export const PAGE_CHUNKS: Readonly<Partial<Record<AppRouteName, string>>> = {
  products: 'src/features/catalog/routes/products-page.tsx',
  product: 'src/features/catalog/routes/product-detail-page.tsx',
  sellerStorefront: 'src/features/catalog/routes/seller-storefront-page.tsx',
  login: 'src/features/auth/routes/login-page.tsx',
  authLogin: 'src/features/auth/routes/login-page.tsx',
  accountTypeSelection: 'src/features/auth/routes/account-type-selection-page.tsx',
  authRegister: 'src/features/auth/routes/account-type-selection-page.tsx',
  register: 'src/features/auth/routes/register-page.tsx',
  forgotPassword: 'src/features/auth/routes/forgot-password-page.tsx',
  help: 'src/features/legal/routes/help-page.tsx',
  terms: 'src/features/legal/routes/terms-page.tsx',
  privacy: 'src/features/legal/routes/privacy-page.tsx',
};

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
  for (const source of new Set(Object.values(PAGE_CHUNKS))) {
    if (!manifest[source]) continue;
    const files = [...chunkFiles(manifest, source)].filter((file) => !entry.has(file));
    tags.set(source, files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join(''));
  }
  return tags;
}

/** The screen's source for a page address, or null when it is not one of the listed screens. */
export function pageSourceOf(pathname: string): string | null {
  const page = appRouteOf(pathname);
  return (page && PAGE_CHUNKS[page]) ?? null;
}
