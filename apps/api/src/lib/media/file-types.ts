import { readFile } from 'node:fs/promises';
import { sniffType } from '../uploads.ts';

// What each upload field accepts, decided by the file's leading bytes; names and the browser's
// claimed type are ignored.

export interface AcceptedType {
  /** Extension the stored file gets. */
  ext: string;
  /** Content type the file is served with. */
  mime: string;
}

const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  tif: 'image/tiff',
};

/** MP4 (also its M4V flavour), QuickTime MOV, AVI and WMV (an ASF container). */
const VIDEO_TYPES: Record<string, AcceptedType> = {
  mp4: { ext: 'mp4', mime: 'video/mp4' },
  m4v: { ext: 'm4v', mime: 'video/x-m4v' },
  mov: { ext: 'mov', mime: 'video/quicktime' },
  avi: { ext: 'avi', mime: 'video/x-msvideo' },
  asf: { ext: 'wmv', mime: 'video/x-ms-wmv' },
};

const DOCUMENT_TYPES: Record<string, AcceptedType> = {
  pdf: { ext: 'pdf', mime: 'application/pdf' },
  jpg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
  docx: { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
};

export async function sniffImage(filePath: string): Promise<AcceptedType | null> {
  const type = await sniffType(filePath);
  const mime = type && IMAGE_TYPES[type.ext];
  return type && mime ? { ext: type.ext, mime } : null;
}

export async function sniffVideo(filePath: string): Promise<AcceptedType | null> {
  const type = await sniffType(filePath);
  // An ASF file with only an audio stream is a WMA recording, not a video.
  if (!type || type.mime.startsWith('audio/')) return null;
  return VIDEO_TYPES[type.ext] ?? null;
}

/** The directory entry every Word 97–2003 document has, as stored (UTF-16LE). */
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

/**
 * Lab results: PDF, JPG, PNG, DOCX, or DOC. A .doc is a Compound File like .xls and .msi
 * installers, so it must also contain Word's main stream.
 */
export async function sniffDocument(filePath: string): Promise<AcceptedType | null> {
  const type = await sniffType(filePath);
  if (!type) return null;
  if (type.ext === 'cfb') {
    const bytes = await readFile(filePath);
    return bytes.includes(WORD_STREAM) ? { ext: 'doc', mime: 'application/msword' } : null;
  }
  return DOCUMENT_TYPES[type.ext] ?? null;
}
