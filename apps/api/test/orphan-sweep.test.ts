import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/lib/ids.ts';
import { stagingDir, sweepStaging } from '../src/lib/uploads.ts';
import { sweepOrphanedFiles } from '../src/modules/media/orphan-sweep.ts';
import { samplePdf } from '../src/seed/sample-files.ts';
import { formBody, sampleJpeg, storedUploads } from './support/listings.ts';
import { bearer, createTestApp, type TestApp, userWithToken } from './support/test-app.ts';

// What a process killed between storing files and committing their rows leaves behind, and the
// start-up sweep that removes it (decision 071).

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

describe('start-up sweep of stored files without rows', () => {
  it('removes media and license documents no row names, and keeps every file a row names', async () => {
    const seller = await userWithToken(test, { role: 'seller' });
    const body = await formBody({
      images: [await sampleJpeg(3)],
      fields: { tested: 'true' },
      testUpload: { bytes: samplePdf('certificate of analysis'), name: 'coa.pdf' },
    });
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/listings',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(seller.token) },
    });
    expect(created.statusCode).toBe(201);
    const kept = await storedUploads(test.dataDir);
    expect(kept.length).toBeGreaterThan(0);

    // As a killed create would leave them: a listing that never committed, and a second copy of
    // a committed listing's folder with a file its rows do not name.
    const [someKey] = kept;
    const committedFolder = someKey?.split('/').slice(0, 2).join('/');
    const publicOrphans = [
      `listings/${uuidv7()}/${'a'.repeat(64)}.webp`,
      `${committedFolder}/${'b'.repeat(64)}.mp4`,
    ];
    const privateOrphan = `license-documents/${uuidv7()}/${'c'.repeat(64)}.pdf`;
    for (const key of publicOrphans)
      await test.ctx.publicFiles.putBuffer(key, Buffer.from('x'), 'image/webp');
    await test.ctx.privateFiles.putBuffer(privateOrphan, Buffer.from('z'), 'application/pdf');

    // On PostgreSQL another instance sharing DATA_DIR may be writing these very files: a fresh
    // file without a row is left alone there.
    if (test.ctx.database.kind === 'postgres') expect(await sweepOrphanedFiles(test.ctx)).toBe(0);
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    const publicRoot = test.ctx.publicFiles.localRoot ?? '';
    for (const file of [
      ...publicOrphans.map((key) => path.join(publicRoot, key)),
      path.join(test.dataDir, 'private', privateOrphan),
    ])
      await utimes(file, twoHoursAgo, twoHoursAgo);

    expect(await sweepOrphanedFiles(test.ctx)).toBe(3);
    expect(await storedUploads(test.dataDir)).toEqual(kept);
    const listed = await test.app.inject({
      method: 'GET',
      url: '/api/listings/my/listings',
      headers: bearer(seller.token),
    });
    expect(listed.json().data.listings).toHaveLength(1);
    expect(await sweepOrphanedFiles(test.ctx)).toBe(0);
  });

  it('empties the staging folder, or on a shared data folder takes only what is an hour old', async () => {
    const dir = stagingDir(test.dataDir);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'fresh'), 'partial upload of a live request');
    await writeFile(path.join(dir, 'stale'), 'partial upload of a killed process');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await utimes(path.join(dir, 'stale'), twoHoursAgo, twoHoursAgo);

    await sweepStaging(test.dataDir, 3_600_000);
    expect(await readdir(dir)).toEqual(['fresh']);
    await sweepStaging(test.dataDir);
    expect(await readdir(dir)).toEqual([]);
  });
});
