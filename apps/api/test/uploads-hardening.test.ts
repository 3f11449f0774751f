import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import {
  failureCodeOf,
  GENERIC,
  IMAGE_MAX_BYTES,
  INPUT_TEXTS,
  LISTING_RULES,
  type ListingDto,
  VALIDATION,
} from '@canopy/shared';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripJpegSegments } from '../src/lib/media/documents.ts';
import { samplePdf } from '../src/seed/sample-files.ts';
import { type FileFixture, formBody, type ListingFormOptions, storedState } from './support/listings.ts';
import { registrationForm } from './support/registration.ts';
import { bearer, createTestApp, json, multipart, type TestApp, userWithToken } from './support/test-app.ts';

// What uploaded documents carry besides their content must not be stored: a lab result is opened
// by every buyer, a license document by admins. And a heavy upload is refused before it costs.

let test: TestApp;
let token: string;
beforeAll(async () => {
  test = await createTestApp();
  token = (await userWithToken(test, { role: 'seller' })).token;
});
afterAll(() => test.close());

const SECRET = 'Jane Roe, 12 Elm Street, Eureka';

async function create(options: ListingFormOptions) {
  const body = await formBody(options);
  return test.app.inject({
    method: 'POST',
    url: '/api/listings',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
}

async function storedLabResult(testUpload: FileFixture): Promise<Buffer> {
  const response = await create({ fields: { tested: 'true' }, testUpload });
  expect(response.statusCode, response.body).toBe(201);
  const { test_upload } = json<{ data: ListingDto }>(response).data;
  const file = await test.app.inject({ method: 'GET', url: test_upload?.url ?? '' });
  expect(file.statusCode).toBe(200);
  return file.rawPayload;
}

/** A photographed lab report: EXIF naming the owner, with a GPS position. */
async function jpegWithPersonalExif(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: '#eee' } })
    .withExif({
      IFD0: { Artist: SECRET, ImageDescription: SECRET },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 48/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '124/1 9/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();
}

/** A PNG with a tEXt chunk right after its header, as screenshot tools write them. */
async function pngWithTextChunk(): Promise<Buffer> {
  const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ddd' } })
    .png()
    .toBuffer();
  const data = Buffer.from(`Author\0${SECRET}`, 'latin1');
  const type = Buffer.from('tEXt', 'ascii');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  const afterHeader = 8 + 25; // signature, then IHDR (length, type, 13 bytes, crc)
  return Buffer.concat([png.subarray(0, afterHeader), length, type, data, crc, png.subarray(afterHeader)]);
}

/** A PDF whose Info dictionary and XMP packet name the owner, embedding a JPEG with EXIF. */
async function pdfWithPersonalMetadata(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setAuthor(SECRET);
  pdf.setTitle(SECRET);
  pdf.setKeywords([SECRET]);
  const page = pdf.addPage([612, 792]);
  page.drawText('Certificate of Analysis: THC 22.4%', {
    x: 72,
    y: 700,
    size: 14,
    font: await pdf.embedFont(StandardFonts.Helvetica),
  });
  const photo = await pdf.embedJpg(await jpegWithPersonalExif());
  page.drawImage(photo, { x: 72, y: 300, width: 200, height: 150 });
  return Buffer.from(await pdf.save());
}

const containsSecret = (bytes: Buffer) =>
  bytes.includes(Buffer.from(SECRET, 'latin1')) || bytes.includes(Buffer.from(SECRET, 'utf16le'));

describe('lab results are stored without their metadata', () => {
  it('re-encodes a JPEG without EXIF, GPS or the owner’s name', async () => {
    const original = await jpegWithPersonalExif();
    expect(containsSecret(original)).toBe(true);
    const stored = await storedLabResult({ bytes: original, name: 'coa.jpg', type: 'image/jpeg' });
    expect(containsSecret(stored)).toBe(false);
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
    expect(metadata.exif).toBeUndefined();
  });

  it('re-encodes a PNG without its text chunks', async () => {
    const original = await pngWithTextChunk();
    expect((await sharp(original).metadata()).width).toBe(300);
    expect(containsSecret(original)).toBe(true);
    const stored = await storedLabResult({ bytes: original, name: 'coa.png', type: 'image/png' });
    expect(containsSecret(stored)).toBe(false);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 300, height: 200 });
  });

  it('rebuilds a PDF without its author, title, XMP or the EXIF of embedded photos', async () => {
    const original = await pdfWithPersonalMetadata();
    expect(containsSecret(original)).toBe(true);
    const stored = await storedLabResult({ bytes: original, name: 'coa.pdf', type: 'application/pdf' });
    expect(containsSecret(stored)).toBe(false);
    const reopened = await PDFDocument.load(stored);
    expect(reopened.getPageCount()).toBe(1);
    expect(reopened.getAuthor()).toBeUndefined();
    expect(reopened.getTitle()).toBeUndefined();
  });

  it('refuses a password-protected PDF and one that does not parse, storing nothing', async () => {
    const before = await storedState(test.db, test.dataDir);
    const encrypted = Buffer.from(
      samplePdf('Certificate of Analysis')
        .toString('latin1')
        .replace(
          'trailer\n<<',
          'trailer\n<< /Encrypt << /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>',
        ),
      'latin1',
    );
    expect(encrypted.includes(Buffer.from('/Encrypt'))).toBe(true);
    const protectedResponse = await create({
      fields: { tested: 'true' },
      testUpload: { bytes: encrypted, name: 'coa.pdf' },
    });
    expect(protectedResponse.statusCode).toBe(400);
    expect(json(protectedResponse).error).toBe(INPUT_TEXTS.testUploadEncrypted);

    const broken = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\n', 'latin1');
    const brokenResponse = await create({
      fields: { tested: 'true' },
      testUpload: { bytes: broken, name: 'x.pdf' },
    });
    expect(brokenResponse.statusCode).toBe(400);
    expect(json(brokenResponse).error).toBe(INPUT_TEXTS.testUploadUnreadable);
    expect(await storedState(test.db, test.dataDir)).toEqual(before);
  });

  it('drops only the metadata segments of a JPEG', async () => {
    const original = await jpegWithPersonalExif();
    const stripped = Buffer.from(stripJpegSegments(original));
    expect(containsSecret(stripped)).toBe(false);
    expect(stripped.length).toBeLessThan(original.length);
    const [a, b] = await Promise.all([sharp(original).raw().toBuffer(), sharp(stripped).raw().toBuffer()]);
    expect(a.equals(b)).toBe(true);
  });
});

describe('license documents are stored without their metadata', () => {
  const storedDocuments = async () => {
    const root = path.join(test.dataDir, 'private', 'license-documents');
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  };

  it.each([
    ['a photographed license', async () => ({ bytes: await jpegWithPersonalExif(), name: 'license.jpg' })],
    ['a PDF license', async () => ({ bytes: await pdfWithPersonalMetadata(), name: 'license.pdf' })],
  ])('strips %s', async (_name, document) => {
    const before = new Set(await storedDocuments());
    const { payload, headers } = await multipart(registrationForm({ document: await document() }));
    const response = await test.app.inject({ method: 'POST', url: '/api/auth/register', payload, headers });
    expect(response.statusCode, response.body).toBe(201);
    const added = (await storedDocuments()).filter((file) => !before.has(file));
    expect(added).toHaveLength(1);
    expect(containsSecret(await readFile(added[0] as string))).toBe(false);
  });
});

describe('image cost limits', () => {
  it('refuses an image above the pixel cap a listing needs (a 30-megapixel PNG)', async () => {
    const large = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const response = await create({ images: [{ bytes: large, name: 'large.png', type: 'image/png' }] });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ success: false, error: LISTING_RULES.imageTooManyPixels });
    expect(LISTING_RULES.imageTooManyPixels).toBe('Images must be at most 25 megapixels');
  });
});

describe('oversized uploads are refused before they are read', () => {
  const MB = 1024 * 1024;

  /** A listing form whose one image part is `imageBytes` long, counting what the server reads. */
  function streamedForm(imageBytes: number) {
    const boundary = 'canopy-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nHumboldt lot\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="huge.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    const progress = { sent: 0 };
    async function* body() {
      yield head;
      for (let sent = 0; sent < imageBytes; sent += chunk.length) {
        progress.sent += chunk.length;
        yield chunk;
      }
      yield tail;
    }
    return {
      stream: Readable.from(body()),
      progress,
      contentType: `multipart/form-data; boundary=${boundary}`,
    };
  }

  it('stops reading an image part as soon as it passes the image limit', async () => {
    const form = streamedForm(80 * MB);
    const before = await storedState(test.db, test.dataDir);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/listings',
      payload: form.stream,
      headers: { 'content-type': form.contentType, ...bearer(token) },
    });
    expect(response.statusCode).toBe(413);
    expect(json(response)).toMatchObject({ success: false, error: LISTING_RULES.imageTooLarge });
    expect(response.headers.connection).toBe('close');
    // The 20MB limit plus what was in flight, not the 80MB sent.
    expect(form.progress.sent).toBeLessThan(IMAGE_MAX_BYTES + 4 * MB);
    expect(await storedState(test.db, test.dataDir)).toEqual(before);
  });

  it.each([
    ['a listing form', '/api/listings', GENERIC.bodyTooLarge],
    ['a registration', '/api/auth/register', VALIDATION.licenseDocumentTooLarge],
  ])('refuses %s whose declared length is beyond what it may carry, unread', async (_name, url, text) => {
    const form = streamedForm(MB);
    const response = await test.app.inject({
      method: 'POST',
      url,
      payload: form.stream,
      headers: {
        'content-type': form.contentType,
        'content-length': String(2 * 1024 * MB),
        ...bearer(token),
      },
    });
    expect(response.statusCode).toBe(413);
    expect(json(response)).toEqual({
      success: false,
      error: text,
      message: text,
      code: failureCodeOf(413, text),
    });
    expect(form.progress.sent).toBeLessThan(MB);
  });
});
