import { LICENSE_DOCUMENT_MAX_BYTES } from '@canopy/shared';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import { discardTemp, saveToTemp, type TempUpload } from '../../lib/uploads.ts';

export interface RegistrationForm {
  fields: Record<string, unknown>;
  document: TempUpload | null;
}

const DOCUMENT_FIELD = 'licenseDocument';

/**
 * Reads the multipart registration body: text fields (address arrives as a JSON string) and the
 * license document, streamed to a temporary file. The caller owns the temp file afterwards.
 */
export async function readRegistrationForm(request: FastifyRequest): Promise<RegistrationForm> {
  const fields: Record<string, unknown> = {};
  let document: TempUpload | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: LICENSE_DOCUMENT_MAX_BYTES, files: 1, fields: 30, fieldSize: 10_000 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== DOCUMENT_FIELD) {
          part.file.resume();
          throw badRequest(`Unexpected file field: ${part.fieldname}`);
        }
        document = await saveToTemp(part.file, part.filename, request.server.ctx.config.dataDir);
      } else if (part.fieldname !== DOCUMENT_FIELD) {
        fields[part.fieldname] = part.fieldname === 'address' ? parseJsonField(part.value) : part.value;
      }
    }
  } catch (error) {
    await discardTemp(document);
    throw error;
  }
  return { fields, document };
}

function parseJsonField(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw badRequest('address must be a JSON object');
  }
}
