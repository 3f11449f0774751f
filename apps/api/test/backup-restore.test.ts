import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { listings } from '../src/db/schema/index.ts';
import { runBackup } from '../src/operator/backup.ts';
import { LOCK_FILE } from '../src/operator/data-dir-lock.ts';
import { restoreBackup } from '../src/operator/restore.ts';
import { insertUser } from '../src/seed/factories.ts';
import { formBody, sampleJpeg, storedUploads } from './support/listings.ts';
import { bearer, signIn } from './support/test-app.ts';

// Issue 11: npm run backup and npm run restore carry the database and every stored file across.

const TIMEOUT = 120_000;
let app: FastifyInstance;
let database: Database;
let dataDir: string;
let scratch: string;
let backupFile: string;
let listingTitle: string;
const documentBytes = Buffer.from('%PDF-1.4 a license document');

/** Backups are of the embedded database, so this file uses one even when the suite runs on PostgreSQL. */
async function openEmbeddedDatabase(): Promise<Database> {
  const template = inject('pgliteTemplate');
  const pglite = template
    ? await PGlite.create({ loadDataDir: new Blob([await readFile(template)]) })
    : await PGlite.create();
  const embedded = await openDatabase({ databaseUrl: null, dataDir: '', pglite });
  if (!template) await runMigrations(embedded);
  return embedded;
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'canopy-backup-'));
  dataDir = path.join(scratch, 'data');
  backupFile = path.join(scratch, 'nightly.tar.gz');
  database = await openEmbeddedDatabase();
  app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }), database });
  const seller = await insertUser(database.db, { role: 'seller', password: 'password123' });
  const token = await signIn(app, seller.email);
  const body = await formBody({ images: [await sampleJpeg(3, 320, 240)] });
  const created = await app.inject({
    method: 'POST',
    url: '/api/listings',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
  expect(created.statusCode).toBe(201);
  listingTitle = created.json().data.title;
  await app.ctx.privateFiles.putBuffer(
    'license-documents/someone/license.pdf',
    documentBytes,
    'application/pdf',
  );
}, TIMEOUT);
afterAll(async () => {
  await app.close();
  await database.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('round-trips the database, the uploaded media and the private documents', {
    timeout: TIMEOUT,
  }, async () => {
    const uploads = await storedUploads(dataDir);
    expect(uploads.length).toBeGreaterThan(0);

    const backup = await runBackup(app.ctx, backupFile);
    expect(backup).toEqual({
      exitCode: 0,
      stdout: [
        `backup: wrote ${backupFile} (the database, ${uploads.length} uploaded files, 1 private document)`,
      ],
      stderr: [],
    });

    const restoredDir = path.join(scratch, 'restored');
    const restored = await restoreBackup(loadConfig({ DATA_DIR: restoredDir }), backupFile);
    expect(restored.stderr).toEqual([]);
    expect(restored.stdout[0]).toMatch(
      new RegExp(
        `^restore: restored ${backupFile} \\(made .+\\) into ${restoredDir}: 1 account, 1 listing, ${uploads.length} uploaded files, 1 private document$`,
      ),
    );

    expect(await storedUploads(restoredDir)).toEqual(uploads);
    for (const file of uploads) {
      expect(readFileSync(path.join(restoredDir, 'uploads', file))).toEqual(
        readFileSync(path.join(dataDir, 'uploads', file)),
      );
    }
    expect(await readFile(path.join(restoredDir, 'private/license-documents/someone/license.pdf'))).toEqual(
      documentBytes,
    );
    const database = await openDatabase(loadConfig({ DATA_DIR: restoredDir }));
    try {
      const rows = await database.db.select().from(listings).where(eq(listings.title, listingTitle));
      expect(rows).toHaveLength(1);
    } finally {
      await database.close();
    }
  });

  it('never overwrites: not an existing backup file, not a DATA_DIR that holds anything', async () => {
    expect(await runBackup(app.ctx, backupFile)).toEqual({
      exitCode: 1,
      stdout: [],
      stderr: [`backup: ${backupFile} already exists; choose a new file name (nothing was overwritten)`],
    });

    const used = path.join(scratch, 'used');
    await mkdir(path.join(used, 'uploads'), { recursive: true });
    expect(await restoreBackup(loadConfig({ DATA_DIR: used }), backupFile)).toEqual({
      exitCode: 1,
      stdout: [],
      stderr: [
        `restore: ${used} is not empty (it holds uploads); restore only into an empty DATA_DIR, so that nothing is overwritten`,
      ],
    });
  });

  it('refuses while a server owns DATA_DIR', async () => {
    const owned = path.join(scratch, 'owned');
    await mkdir(owned);
    const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
    const processStart = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    await writeFile(
      path.join(owned, LOCK_FILE),
      JSON.stringify({ pid: process.ppid, role: 'server', processStart, since: '' }),
    );
    expect(await restoreBackup(loadConfig({ DATA_DIR: owned }), backupFile)).toEqual({
      exitCode: 1,
      stdout: [],
      stderr: [
        `restore: ${owned} is in use by a Canopy server (pid ${process.ppid}). Stop it before restoring; nothing was changed.`,
      ],
    });
  });
});
