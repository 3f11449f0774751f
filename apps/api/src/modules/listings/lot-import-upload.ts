import { LOT_IMPORT, LOT_IMPORT_MAX_BYTES } from '@canopy/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors.ts';
import { refuseDeclaredOversize } from '../../lib/uploads.ts';

// The import's multipart body: one part named `file`, read into memory (20 MB at most, and the
// whole of it is needed at once to check rows against each other), and no other field.

const FILE_FIELD = 'file';
const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', LOT_IMPORT.fileTooLarge);

export async function readImportUpload(request: FastifyRequest): Promise<Uint8Array> {
  refuseDeclaredOversize(request, LOT_IMPORT_MAX_BYTES + 64 * 1024, LOT_IMPORT.fileTooLarge);
  if (!request.isMultipart()) throw badRequest(LOT_IMPORT.fileRequired);
  let file: Buffer | null = null;
  const parts = request.parts({ limits: { fileSize: LOT_IMPORT_MAX_BYTES, files: 1, fields: 5 } });
  for await (const part of parts) {
    if (part.type !== 'file') throw badRequest(`Unexpected field: ${part.fieldname}`);
    if (part.fieldname !== FILE_FIELD) {
      part.file.resume();
      throw badRequest(`Unexpected file field: ${part.fieldname}`);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    if (part.file.truncated) throw tooLarge();
    file = Buffer.concat(chunks);
  }
  if (!file || file.length === 0) throw badRequest(LOT_IMPORT.fileRequired);
  return file;
}
