// The server and the operator commands as plain JavaScript, so production runs without a
// run-time TypeScript compiler (decision 185). esbuild bundles our own code (apps/api/src and the
// shared package) into one folder per build; every installed package stays an import of its own,
// so native ones (sharp, argon2), PGlite's WebAssembly and data files, and pino's log transport
// load from node_modules as they do under tsx. Development and the tests keep running the
// sources with tsx.
//
// A build goes into a new folder beside the others (apps/api/build-<id>, one level under
// apps/api like src/, which apps/api/src/locations.ts relies on) and is published by pointing the
// apps/api/build link at it in one rename: two processes that build at once (the tests start
// several commands together) never run a half-written build.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readlink, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { newestMtime } from './build-freshness.mjs';

const root = path.resolve(import.meta.dirname, '..');
const apiDir = path.join(root, 'apps/api');
/** The published build: a link to the newest complete build folder. */
export const SERVER_BUILD = path.join(apiDir, 'build');
const BUILD_PREFIX = 'build-';
/** Written last into a build folder: the newest source time the build saw. */
const STAMP = 'sources-mtime';
/** Older builds than the published one and the one before go after this long (a slow reader may still be loading one). */
const OLD_BUILD_GRACE_MS = 10 * 60_000;

/** Entry points, by the name of the file they become in the build. */
const ENTRIES = {
  server: 'apps/api/src/server.ts',
  'create-admin': 'apps/api/src/cli/create-admin.ts',
  'licenses-import': 'apps/api/src/cli/licenses-import.ts',
  backup: 'apps/api/src/cli/backup.ts',
  restore: 'apps/api/src/cli/restore.ts',
  'digest-send': 'apps/api/src/cli/digest-send.ts',
  'alerts-send': 'apps/api/src/cli/alerts-send.ts',
};
const SOURCES = [
  'apps/api/src',
  'packages/shared/src',
  'apps/api/tsconfig.json',
  'tsconfig.base.json',
  'scripts/server-build.mjs',
].map((source) => path.join(root, source));

/** Our own code is bundled; anything else imported by a bare name is left to node_modules. */
const installedPackagesExternal = {
  name: 'installed-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@canopy/') ? undefined : { path: args.path, external: true },
    );
  },
};

function isFresh() {
  const stamp = path.join(SERVER_BUILD, STAMP);
  if (!existsSync(stamp)) return false;
  return Number(readFileSync(stamp, 'utf8')) >= newestMtime(SOURCES);
}

async function removeOldBuilds(keep) {
  for (const name of await readdir(apiDir)) {
    if (!name.startsWith(BUILD_PREFIX) || keep.includes(name)) continue;
    const folder = path.join(apiDir, name);
    const info = await stat(folder).catch(() => null);
    if (info && Date.now() - info.mtimeMs > OLD_BUILD_GRACE_MS)
      await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Builds the server when the published build is missing or older than its sources; resolves
 * with the build folder. `announce` is told when a build starts (the commands stay quiet).
 */
export async function ensureServerBuild({ announce = () => {} } = {}) {
  if (isFresh()) return SERVER_BUILD;
  announce();
  const sourcesMtime = newestMtime(SOURCES);
  const name = `${BUILD_PREFIX}${Date.now().toString(36)}-${process.pid}`;
  const outdir = path.join(apiDir, name);
  await mkdir(outdir);
  await build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir,
    bundle: true,
    splitting: true,
    chunkNames: 'chunk-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    tsconfig: path.join(apiDir, 'tsconfig.json'),
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [installedPackagesExternal],
  });
  await writeFile(path.join(outdir, STAMP), String(sourcesMtime));
  const previous = await readlink(SERVER_BUILD).catch(() => null);
  const link = `${SERVER_BUILD}.${process.pid}`;
  await rm(link, { force: true });
  await symlink(name, link);
  await rename(link, SERVER_BUILD);
  await removeOldBuilds([name, previous ?? '']);
  return SERVER_BUILD;
}
