import { type AddLicense, INPUT_TEXTS, VALIDATION } from '@canopy/shared';
import type { AppContext } from '../../context.ts';
import { companyLicenses } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { stripDocumentMetadata } from '../../lib/media/documents.ts';
import type { SessionUser } from '../../lib/session.ts';
import { sniffType, type TempUpload } from '../../lib/uploads.ts';
import { assertLicenseNumberFree } from '../licenses/index.ts';
import { addedLicense, type CompanyLicense, requirePermission } from './licenses.ts';

// Adding a license to a company (issue 28 item 5, decision 209): checked as registration checks
// the main one (the document by its bytes, the number not held by anyone else), then pending
// review on its own. The company's own status does not change: an approved company stays
// approved and keeps trading from its verified licenses while this one waits.

const DOCUMENT_TYPES: Record<string, string> = { pdf: 'pdf', png: 'png', jpg: 'jpg' };
const DOCUMENT_TEXTS = {
  unreadable: INPUT_TEXTS.licenseDocumentUnreadable,
  encrypted: INPUT_TEXTS.licenseDocumentEncrypted,
};

export async function addCompanyLicense(
  ctx: AppContext,
  auth: SessionUser,
  form: AddLicense,
  document: TempUpload | null,
): Promise<CompanyLicense> {
  requirePermission(auth, 'company:manage');
  const companyId = auth.user.id;
  if (!document || document.size === 0) throw badRequest(VALIDATION.licenseDocumentRequired);
  if (document.truncated) throw new AppError('PAYLOAD_TOO_LARGE', VALIDATION.licenseDocumentTooLarge);
  const type = await sniffType(document.path);
  const ext = type ? DOCUMENT_TYPES[type.ext] : undefined;
  if (!type || !ext) throw new AppError('UNSUPPORTED_MEDIA_TYPE', VALIDATION.licenseDocumentType);
  const { db } = ctx.database;
  await assertLicenseNumberFree(db, form.licenseNumber);
  // Admins open the document: it is stored without the uploader's metadata (decision 066).
  const clean = await stripDocumentMetadata(document, { ext, mime: type.mime }, DOCUMENT_TEXTS);

  const id = uuidv7();
  const documentKey = `license-documents/${companyId}/${id}-${clean.sha256}.${ext}`;
  await ctx.privateFiles.putFile(documentKey, clean.path, type.mime);
  try {
    const row = await db.transaction(async (tx) => {
      // Checked again under the number's lock: a registration or another company may have taken it.
      await assertLicenseNumberFree(tx, form.licenseNumber);
      const [inserted] = await tx
        .insert(companyLicenses)
        .values({
          id,
          companyId,
          licenseNumber: form.licenseNumber,
          licenseType: form.licenseType,
          street: form.address.street,
          city: form.address.city,
          county: form.address.county,
          state: form.address.state,
          zipCode: form.address.zipCode,
          documentKey,
          documentType: type.mime,
          addedBy: auth.login.id,
        })
        .returning();
      if (!inserted) throw new Error('license insert returned nothing');
      return inserted;
    });
    return addedLicense(row);
  } catch (error) {
    await ctx.privateFiles.delete(documentKey);
    throw error;
  }
}
