import { openAsBlob } from 'node:fs';
import { lstat, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { count } from 'drizzle-orm';
import { extract } from 'tar';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { listings, users } from '../db/schema/index.ts';
import { closeToOthers } from '../lib/private-data-dir.ts';
import {
  BACKUP_DATABASE,
  BACKUP_FOLDERS,
  BACKUP_FORMAT,
  BACKUP_MANIFEST,
  type BackupManifest,
  pathExists,
} from './backup.ts';
import { DataDirBusyError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';
import { type OperatorOutcome, outcome, plural } from './protocol.ts';

// npm run restore -- FILE: puts a backup (operator/backup.ts) into an empty DATA_DIR. It never
// merges into or overwrites existing data, and never runs beside a server: the archive is unpacked
// into a staging folder, the database is opened once to prove it loads, and only then moved into
// place, so a failed restore leaves DATA_DIR as empty as it was (decision 052).

const STAGING = '.restore-partial';

export async function restoreBackup(config: Config, file: string): Promise<OperatorOutcome> {
  const out = outcome();
  if (config.databaseUrl) {
    return out.fail(
      'restore: DATABASE_URL is set, so the database is PostgreSQL: restore it with pg_restore and put the files back into DATA_DIR/uploads and DATA_DIR/private (README, "Backups")',
    );
  }
  if (
    !(await lstat(file).then(
      (info) => info.isFile(),
      () => false,
    ))
  ) {
    return out.fail(`restore: ${file} is not a readable file`, 2);
  }
  const { dataDir } = config;
  let lock: Awaited<ReturnType<typeof lockDataDir>>;
  try {
    lock = await lockDataDir(dataDir, 'restore');
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    return out.fail(`restore: ${error.message} Stop it before restoring; nothing was changed.`);
  }
  try {
    const present = (await readdir(dataDir)).filter((name) => name !== LOCK_FILE);
    if (present.length > 0) {
      return out.fail(
        `restore: ${dataDir} is not empty (it holds ${present.slice(0, 5).join(', ')}${present.length > 5 ? ', …' : ''}); restore only into an empty DATA_DIR, so that nothing is overwritten`,
      );
    }
    const staging = path.join(dataDir, STAGING);
    const placed: string[] = [];
    try {
      await mkdir(staging);
      // Only plain files and folders: a link in a tampered archive could point outside DATA_DIR.
      await extract({
        file,
        cwd: staging,
        strict: true,
        filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
      });
      const manifest = JSON.parse(
        await readFile(path.join(staging, BACKUP_MANIFEST), 'utf8'),
      ) as BackupManifest;
      if (manifest.format !== BACKUP_FORMAT) throw new Error(`unknown backup format ${manifest.format}`);

      // Unpacks the dump into DATA_DIR's database folder and checks that it opens and answers.
      const pgdata = path.join(staging, 'pgdata');
      const pglite = await PGlite.create({
        dataDir: pgdata,
        loadDataDir: await openAsBlob(path.join(staging, BACKUP_DATABASE)),
      });
      const database = await openDatabase({ databaseUrl: null, dataDir: '', pglite });
      let summary: string;
      try {
        const [[accounts], [lots]] = await Promise.all([
          database.db.select({ total: count() }).from(users),
          database.db.select({ total: count() }).from(listings),
        ]);
        summary = `${plural(accounts?.total ?? 0, 'account')}, ${plural(lots?.total ?? 0, 'listing')}`;
      } finally {
        await database.close();
      }
      await closeToOthers(pgdata);

      for (const name of ['pgdata', ...BACKUP_FOLDERS]) {
        if (!(await pathExists(path.join(staging, name)))) continue;
        await rename(path.join(staging, name), path.join(dataDir, name));
        placed.push(name);
      }
      await rm(staging, { recursive: true, force: true });
      out.say(
        `restore: restored ${file} (made ${manifest.createdAt}) into ${dataDir}: ${summary}, ${plural(manifest.files.uploads, 'uploaded file')}, ${plural(manifest.files.private, 'private document')}`,
      );
      return out.result;
    } catch (error) {
      for (const name of placed) await rm(path.join(dataDir, name), { recursive: true, force: true });
      await rm(staging, { recursive: true, force: true });
      return out.fail(
        `restore: ${file} could not be restored (${(error as Error).message}); ${dataDir} is left empty`,
      );
    }
  } finally {
    await lock.release();
  }
}
