import { LICENSE_DOCUMENT_MAX_BYTES, VALIDATION } from '@canopy/shared';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import { discardTemp, refuseDeclaredOversize, saveToTemp, type TempUpload } from '../../lib/uploads.ts';

export interface RegistrationForm {
  fields: Record<string, unknown>;
  document: TempUpload | null;
}

const DOCUMENT_FIELD = 'licenseDocument';
const FIELD_LIMITS = { fields: 30, fieldSize: 10_000 };
const DOCUMENT_LIMIT = { maxBytes: LICENSE_DOCUMENT_MAX_BYTES, tooLarge: VALIDATION.licenseDocumentTooLarge };
/** The document at its limit, every field at its size, and room for the part headers. */
const MAX_FORM_BYTES = LICENSE_DOCUMENT_MAX_BYTES + FIELD_LIMITS.fields * FIELD_LIMITS.fieldSize + 64 * 1024;

/**
 * Reads the multipart registration body: text fields (address arrives as a JSON string) and the
 * license document, streamed to a temporary file. The caller owns the temp file afterwards.
 */
export async function readRegistrationForm(request: FastifyRequest): Promise<RegistrationForm> {
  const fields: Record<string, unknown> = {};
  let document: TempUpload | null = null;
  refuseDeclaredOversize(request, MAX_FORM_BYTES, VALIDATION.licenseDocumentTooLarge);
  try {
    const parts = request.parts({
      limits: { fileSize: LICENSE_DOCUMENT_MAX_BYTES, files: 1, ...FIELD_LIMITS },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== DOCUMENT_FIELD) {
          part.file.resume();
          throw badRequest(`Unexpected file field: ${part.fieldname}`);
        }
        document = await saveToTemp(
          part.file,
          part.filename,
          request.server.ctx.config.dataDir,
          DOCUMENT_LIMIT,
        );
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
