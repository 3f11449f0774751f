import { LICENSE_DOCUMENT_EXTENSIONS, LICENSE_DOCUMENT_MAX_BYTES, VALIDATION } from '@canopy/shared';
import { z } from 'zod';

// An added license's document is checked in the browser as registration's is (by name and size, so
// a wrong file is refused before a long upload); the server checks the bytes again.

export const LICENSE_DOCUMENT_ACCEPT = LICENSE_DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`).join(
  ',',
);

const hasAllowedExtension = (fileName: string) =>
  (LICENSE_DOCUMENT_EXTENSIONS as readonly string[]).includes(fileName.split('.').pop()?.toLowerCase() ?? '');

export const licenseDocumentField = z
  .custom<File>((value) => value instanceof File, VALIDATION.licenseDocumentRequired)
  .refine((file) => hasAllowedExtension(file.name), VALIDATION.licenseDocumentType)
  .refine((file) => file.size <= LICENSE_DOCUMENT_MAX_BYTES, VALIDATION.licenseDocumentTooLarge);
