import { createWriteStream } from 'node:fs';
import {
  chmod,
  copyFile,
  link,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  rename,
  rm,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { create as createTar } from 'tar';
import { PRIVATE_FILE_MODE } from '../lib/private-data-dir.ts';
import type { OperatorContext } from './commands.ts';
import { type OperatorOutcome, outcome, plural } from './protocol.ts';

// npm run backup -- FILE: one gzip'd tar with the embedded database (PGlite's own dump), the public
// uploads and the private documents. It runs in the process that owns the database, so the dump
// is consistent; files are captured by hard links before and after the dump, so every file the
// dumped rows point at is in the archive even if it is deleted while the archive is written
// (decision 052).

export const BACKUP_FORMAT = 1;
export const BACKUP_MANIFEST = 'canopy-backup.json';
export const BACKUP_DATABASE = 'pgdata.tar';
/** The DATA_DIR folders a backup carries: public media and private license documents. */
export const BACKUP_FOLDERS = ['uploads', 'private'] as const;
const STAGING_PREFIX = '.backup-';

export interface BackupManifest {
  format: number;
  createdAt: string;
  files: Record<(typeof BACKUP_FOLDERS)[number], number>;
}

/** Links (or, across devices, copies) every file under `from` into `to` that is not there yet. */
async function captureTree(from: string, to: string): Promise<number> {
  const entries = await readdir(from, { recursive: true, withFileTypes: true }).catch(() => []);
  let captured = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const source = path.join(entry.parentPath, entry.name);
    const target = path.join(to, path.relative(from, source));
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await link(source, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue;
      // Deleted since the listing: it was not referenced any more, so it need not be kept.
      if (code === 'ENOENT') continue;
      if (code !== 'EXDEV' && code !== 'EPERM') throw error;
      await copyFile(source, target);
    }
    captured += 1;
  }
  return captured;
}

export const pathExists = (target: string) =>
  lstat(target).then(
    () => true,
    () => false,
  );

async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}

export async function runBackup(ctx: OperatorContext, file: string): Promise<OperatorOutcome> {
  const out = outcome();
  const { pglite } = ctx.database;
  if (!pglite) {
    return out.fail(
      'backup: DATABASE_URL is set, so the database is PostgreSQL: back it up with pg_dump and copy DATA_DIR/uploads and DATA_DIR/private (README, "Backups")',
    );
  }
  if (!path.isAbsolute(file)) return out.fail(`backup: ${file} must be an absolute path`, 2);
  if (await pathExists(file)) {
    return out.fail(`backup: ${file} already exists; choose a new file name (nothing was overwritten)`);
  }
  const { dataDir } = ctx.config;
  // A backup cut short (the owner was killed) leaves its staging folder; only the owner of
  // DATA_DIR makes backups, so any that exists now is abandoned.
  for (const name of await readdir(dataDir)) {
    if (name.startsWith(STAGING_PREFIX)) await rm(path.join(dataDir, name), { recursive: true, force: true });
  }
  const staging = await mkdtemp(path.join(dataDir, STAGING_PREFIX));
  const partial = `${file}.partial`;
  try {
    for (const folder of BACKUP_FOLDERS)
      await captureTree(path.join(dataDir, folder), path.join(staging, folder));
    const dump = await pglite.dumpDataDir('none');
    await pipeline(
      Readable.fromWeb(dump.stream() as WebReadableStream<Uint8Array>),
      createWriteStream(path.join(staging, BACKUP_DATABASE)),
    );
    // Files written while the database was dumped, which the dump may already point at.
    const files = { uploads: 0, private: 0 };
    for (const folder of BACKUP_FOLDERS) {
      await captureTree(path.join(dataDir, folder), path.join(staging, folder));
      files[folder] = await countFiles(path.join(staging, folder));
    }
    const manifest: BackupManifest = { format: BACKUP_FORMAT, createdAt: new Date().toISOString(), files };
    await writeFile(path.join(staging, BACKUP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const members = [BACKUP_MANIFEST, BACKUP_DATABASE];
    for (const folder of BACKUP_FOLDERS) {
      if (await pathExists(path.join(staging, folder))) members.push(folder);
    }
    await mkdir(path.dirname(file), { recursive: true });
    await createTar({ gzip: true, file: partial, cwd: staging, portable: true }, members);
    // It carries everything DATA_DIR keeps private, wherever the operator puts it.
    await chmod(partial, PRIVATE_FILE_MODE);
    await rename(partial, file);
    out.say(
      `backup: wrote ${file} (the database, ${plural(files.uploads, 'uploaded file')}, ${plural(files.private, 'private document')})`,
    );
    if (ctx.config.s3.bucket) {
      out.warn(
        `backup: listing media live in the S3 bucket ${ctx.config.s3.bucket} and are not in this file; back the bucket up with its own tools`,
      );
    }
    return out.result;
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}
