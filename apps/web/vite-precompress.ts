import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

// Brotli and gzip copies of the built text files, made once at build time with the slowest,
// smallest settings (a server compressing on every request could not afford them). The API's
// static handler sends the copy the browser accepts (decision 115).

const TEXT_FILES = /\.(?:js|mjs|css|html|svg|json|txt|xml)$/;
/** Below about one packet, compression saves nothing worth a second file. */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

async function compressFile(file: string): Promise<void> {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that is not smaller (tiny or already dense files) would only cost a lookup.
  if (br.length < content.length) await writeFile(`${file}.br`, br);
  if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
}

/** Writes `<file>.br` and `<file>.gz` beside every text file of the build. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'canopy-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await filesUnder(outDir);
      const text = await Promise.all(
        files
          .filter((file) => TEXT_FILES.test(file))
          .map(async (file) => ((await stat(file)).size >= MIN_BYTES ? file : null)),
      );
      await Promise.all(text.flatMap((file) => (file ? [compressFile(file)] : [])));
    },
  };
}
