import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

// A small web build shaped like the real one (apps/web/dist): index.html with the site's title,
// description and the settings marker, a hashed script with the .br and .gz copies the
// build's precompress step writes, and the manifest naming the catalog screen's lazy chunk.

export const SITE_TITLE_TEXT = 'Canopy · B2B cannabis marketplace for California';
export const ASSET_PATH = '/assets/app-abc123.js';
/** Large enough to be worth compressing, and easy to recognise once decompressed. */
export const ASSET_SOURCE = `console.log(${JSON.stringify('canopy '.repeat(400))});\n`;

export const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Canopy is a business-to-business marketplace for licensed California cannabis operators."
    />
    <title>${SITE_TITLE_TEXT}</title>
    <!--canopy-config-->
    <script type="module" crossorigin src="${ASSET_PATH}"></script>
  </head>
  <body>
    <div id="root"></div>
    <p>${'A page long enough to be worth compressing. '.repeat(40)}</p>
  </body>
</html>
`;

/** The catalog screen's chunk and the chunk it shares with another screen; the entry's own imports are preloaded by index.html. */
export const PRODUCTS_CHUNK = 'assets/products-page-abc123.js';
export const SHARED_CHUNK = 'assets/products-api-abc123.js';
export const ENTRY_IMPORT = 'assets/react-abc123.js';

export const MANIFEST = {
  'index.html': { file: ASSET_PATH.slice(1), isEntry: true, imports: ['_react-abc123.js'] },
  '_react-abc123.js': { file: ENTRY_IMPORT },
  '_products-api-abc123.js': { file: SHARED_CHUNK, imports: ['_react-abc123.js'] },
  'src/features/catalog/routes/products-page.tsx': {
    file: PRODUCTS_CHUNK,
    isDynamicEntry: true,
    imports: ['_react-abc123.js', 'index.html', '_products-api-abc123.js'],
  },
};

/** Writes the build into a new temporary folder and returns it. */
export async function writeWebBuild(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'canopy-web-'));
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), INDEX_HTML);
  await mkdir(path.join(dir, '.vite'));
  await writeFile(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  const asset = path.join(dir, ASSET_PATH);
  await writeFile(asset, ASSET_SOURCE);
  await writeFile(`${asset}.br`, zlib.brotliCompressSync(ASSET_SOURCE));
  await writeFile(`${asset}.gz`, zlib.gzipSync(ASSET_SOURCE));
  return dir;
}
