import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/lib/ids.ts';
import { sweepOrphanedFiles } from '../src/modules/media/orphan-sweep.ts';
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
      testUpload: { bytes: Buffer.from('%PDF-1.4\n%%EOF\n'), name: 'coa.pdf' },
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
    await test.ctx.publicFiles.putBuffer(
      `listings/${uuidv7()}/${'a'.repeat(64)}.webp`,
      Buffer.from('x'),
      'image/webp',
    );
    await test.ctx.publicFiles.putBuffer(
      `${committedFolder}/${'b'.repeat(64)}.mp4`,
      Buffer.from('y'),
      'video/mp4',
    );
    await test.ctx.privateFiles.putBuffer(
      `license-documents/${uuidv7()}/${'c'.repeat(64)}.pdf`,
      Buffer.from('z'),
      'application/pdf',
    );

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
});
