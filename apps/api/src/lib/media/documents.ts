import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { badRequest } from '../errors.ts';
import type { TempUpload } from '../uploads.ts';
import type { AcceptedType } from './file-types.ts';

// Documents people upload (lab results, license documents) are stored for others to open, so what
// the uploader's camera or PDF writer put around the content must not go with them: EXIF with GPS
// positions, JPEG comments, PNG text chunks, a PDF's author, title and XMP packet (decision 066).
// The content itself is kept: images are re-encoded in their own format, PDFs are rebuilt from
// their pages.

/** A letter page scanned at 600 dpi is 34 megapixels; anything far beyond is not a document. */
export const DOCUMENT_MAX_PIXELS = 50_000_000;
const JPEG_QUALITY = 90;

export interface DocumentTexts {
  /** The file cannot be decoded as the type its bytes claim. */
  unreadable: string;
  /** A PDF with a password or permissions: it cannot be rebuilt, so it is refused. */
  encrypted: string;
}

/**
 * Rewrites the temp file without its metadata and returns the upload with its new size and hash.
 * Word documents are stored as uploaded (decision 066 says why).
 */
export async function stripDocumentMetadata(
  upload: TempUpload,
  type: AcceptedType,
  texts: DocumentTexts,
): Promise<TempUpload> {
  let clean: Buffer;
  if (type.ext === 'jpg' || type.ext === 'png') clean = await reencodeImage(upload.path, type.ext, texts);
  else if (type.ext === 'pdf') clean = await rebuildPdf(await readFile(upload.path), texts);
  else return upload;
  await writeFile(upload.path, clean);
  return { ...upload, size: clean.length, sha256: createHash('sha256').update(clean).digest('hex') };
}

/**
 * sharp writes no EXIF, XMP, ICC, comment or text chunk unless asked; upright first. A slightly
 * damaged scan is decoded as far as it goes (failOn 'none'), as an image viewer would show it.
 */
async function reencodeImage(filePath: string, ext: 'jpg' | 'png', texts: DocumentTexts): Promise<Buffer> {
  try {
    const image = sharp(filePath, {
      limitInputPixels: DOCUMENT_MAX_PIXELS,
      autoOrient: true,
      failOn: 'none',
    });
    return await (ext === 'jpg' ? image.jpeg({ quality: JPEG_QUALITY }) : image.png()).toBuffer();
  } catch {
    throw badRequest(texts.unreadable);
  }
}

/**
 * Copies the pages into a new document, which leaves the old Info dictionary, the XMP packet,
 * earlier incremental revisions, attachments and scripts behind. Page-level metadata, annotation
 * authors and the metadata segments of embedded JPEG images are removed from what was copied.
 */
async function rebuildPdf(bytes: Buffer, texts: DocumentTexts): Promise<Buffer> {
  let source: PDFDocument;
  try {
    source = await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (error) {
    // pdf-lib is compiled to ES5, so its EncryptedPDFError is not recognisable by class, only by text.
    if (/is encrypted/.test((error as Error).message)) throw badRequest(texts.encrypted);
    throw badRequest(texts.unreadable);
  }
  try {
    const target = await PDFDocument.create({ updateMetadata: false });
    const pages = await target.copyPages(source, source.getPageIndices());
    for (const page of pages) {
      page.node.delete(PDFName.of('Metadata'));
      page.node.delete(PDFName.of('PieceInfo'));
      const annotations = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
      for (let i = 0; i < (annotations?.size() ?? 0); i++) {
        const annotation = annotations?.lookupMaybe(i, PDFDict);
        annotation?.delete(PDFName.of('T'));
        annotation?.delete(PDFName.of('M'));
      }
      target.addPage(page);
    }
    for (const [ref, object] of target.context.enumerateIndirectObjects()) {
      if (!(object instanceof PDFRawStream)) continue;
      object.dict.delete(PDFName.of('Metadata'));
      if (isJpegStream(object.dict.get(PDFName.of('Filter')))) {
        target.context.assign(ref, PDFRawStream.of(object.dict, stripJpegSegments(object.contents)));
      }
    }
    return Buffer.from(await target.save());
  } catch {
    throw badRequest(texts.unreadable);
  }
}

/** A stream whose only filter is DCTDecode holds a JPEG file as is. */
function isJpegStream(filter: unknown): boolean {
  const dct = PDFName.of('DCTDecode');
  return filter === dct || (filter instanceof PDFArray && filter.size() === 1 && filter.get(0) === dct);
}

/** APP1–APP13 and APP15 (EXIF, XMP, Photoshop, …) and comments; APP0 (JFIF) and APP14 (Adobe colour) stay. */
const isMetadataSegment = (marker: number) =>
  marker === 0xfe || (marker >= 0xe1 && marker <= 0xef && marker !== 0xee);

/**
 * A JPEG without its metadata segments, byte for byte otherwise (no re-encoding inside a PDF).
 * Anything that does not parse as JPEG segments is returned unchanged.
 */
export function stripJpegSegments(jpeg: Uint8Array): Uint8Array {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return jpeg;
  const kept: Uint8Array[] = [jpeg.subarray(0, 2)];
  let offset = 2;
  while (offset + 4 <= jpeg.length && jpeg[offset] === 0xff) {
    const marker = jpeg[offset + 1] as number;
    // Start of scan: the entropy-coded image data follows; everything after it is kept.
    if (marker === 0xda) break;
    const length = ((jpeg[offset + 2] as number) << 8) | (jpeg[offset + 3] as number);
    if (length < 2 || offset + 2 + length > jpeg.length) return jpeg;
    if (!isMetadataSegment(marker)) kept.push(jpeg.subarray(offset, offset + 2 + length));
    offset += 2 + length;
  }
  kept.push(jpeg.subarray(offset));
  return Buffer.concat(kept);
}
