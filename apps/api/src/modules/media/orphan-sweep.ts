import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { listingMedia, listings, users } from '../../db/schema/index.ts';
import { olderThan, sweepMinAgeMs } from '../../lib/uploads.ts';

// Files a killed process stored but never committed a row for (decision 071). A listing's files
// are written to the store before its rows commit, and a registration's license document before
// its user row; the request removes them if that write fails, but a process killed in between
// never gets to. At start-up, before the server listens, every file in the local stores' upload
// trees that no row names is removed; on PostgreSQL, where instances may share DATA_DIR, only once
// it is older than any request could be (sweepMinAgeMs). Object storage (S3) is not
// swept: other instances may be writing to it at this very moment.

/** Relative keys of every file under `root/prefix`, or none when the folder does not exist. */
async function keysUnder(root: string, prefix: string): Promise<string[]> {
  try {
    const entries = await readdir(path.join(root, prefix), { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function removeUnreferenced(
  root: string,
  keys: string[],
  referenced: Set<string>,
  minAgeMs: number,
): Promise<number> {
  let removed = 0;
  for (const key of keys) {
    const file = path.join(root, key);
    if (referenced.has(key) || !(await olderThan(file, minAgeMs))) continue;
    await rm(file, { force: true });
    removed++;
  }
  return removed;
}

/** Removes unreferenced listing media and license documents; returns how many files went. */
export async function sweepOrphanedFiles(ctx: AppContext): Promise<number> {
  const { db } = ctx.database;
  const minAgeMs = sweepMinAgeMs(ctx.database.kind);
  let removed = 0;
  const publicRoot = ctx.publicFiles.localRoot;
  if (publicRoot) {
    const keys = await keysUnder(publicRoot, 'listings');
    if (keys.length > 0) {
      const media = await db
        .select({
          file: listingMedia.fileKey,
          thumbnail: listingMedia.thumbnailKey,
          small: listingMedia.smallKey,
          medium: listingMedia.mediumKey,
        })
        .from(listingMedia);
      const labResults = await db
        .select({ key: listings.testUploadKey })
        .from(listings)
        .where(isNotNull(listings.testUploadKey));
      const referenced = new Set<string>();
      for (const row of media) for (const key of Object.values(row)) if (key) referenced.add(key);
      for (const row of labResults) if (row.key) referenced.add(row.key);
      removed += await removeUnreferenced(publicRoot, keys, referenced, minAgeMs);
    }
  }
  const privateRoot = path.join(ctx.config.dataDir, 'private');
  const documents = await keysUnder(privateRoot, 'license-documents');
  if (documents.length > 0) {
    const rows = await db
      .select({ key: users.licenseDocumentKey })
      .from(users)
      .where(isNotNull(users.licenseDocumentKey));
    removed += await removeUnreferenced(
      privateRoot,
      documents,
      new Set(rows.map((row) => row.key ?? '')),
      minAgeMs,
    );
  }
  return removed;
}
