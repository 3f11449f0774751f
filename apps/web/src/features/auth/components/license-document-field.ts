import { LICENSE_DOCUMENT_EXTENSIONS, LICENSE_DOCUMENT_MAX_BYTES, VALIDATION } from '@canopy/shared';
import { z } from 'zod';

// The license document is checked in the browser by name and size (SPEC §5: pdf, png, jpg or
// jpeg up to 10MB) so a too-large file is refused before a long upload; the server checks the
// bytes again.

export const LICENSE_DOCUMENT_ACCEPT = LICENSE_DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`).join(
  ',',
);

function hasAllowedExtension(fileName: string): boolean {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  return (LICENSE_DOCUMENT_EXTENSIONS as readonly string[]).includes(extension);
}

export const licenseDocumentField = z
  .custom<File>((value) => value instanceof File, VALIDATION.licenseDocumentRequired)
  .refine((file) => hasAllowedExtension(file.name), VALIDATION.licenseDocumentType)
  .refine((file) => file.size <= LICENSE_DOCUMENT_MAX_BYTES, VALIDATION.licenseDocumentTooLarge);
