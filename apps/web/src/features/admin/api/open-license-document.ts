import { openProtectedFile } from '@/lib/open-protected-file.ts';
import { ADMIN_TEXTS } from '@/lib/texts.ts';

/** A license document, which needs the bearer token, in a new tab. */
export const openLicenseDocument = (path: string) =>
  openProtectedFile(path, 'license-document', ADMIN_TEXTS.licenseDocumentFailed);
