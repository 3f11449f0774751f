import { z } from 'zod';
import { licenseCheckDto } from '../admin/responses.ts';
import { adminReasonField } from '../admin/schemas.ts';
import { licenseTypeField, registrationAddressSchema } from '../auth/schemas.ts';
import { requiredText, strictObject } from '../common/fields.ts';
import { succeeded } from '../common/responses.ts';
import { USER_STATUSES } from '../constants.ts';
import { VALIDATION } from '../texts.ts';
import { companyLicenseDto } from './responses.ts';

// The licenses a company holds beyond its main one (issue 28 item 5, decision 209): added on the
// company page with their premises and document, each reviewed by an admin on its own.

export const COMPANY_LICENSES = {
  added: 'License added. Our team will check it against the state registry before you can ship from it.',
  notFound: 'License not found',
  shipsFromInvalid: 'Choose one of your verified licenses to ship from.',
  receivingInvalid: 'Choose one of your verified licenses to receive the order.',
  notPending: 'This license is not waiting for review.',
  approved: 'License approved',
  rejected: 'License rejected',
  addTitle: 'Add license',
  shipsFromLabel: 'Ships from',
  mainLicense: 'Main license',
} as const;

/** POST /api/company/licenses without the document (a file, checked by its bytes on the server). */
export const addLicenseSchema = strictObject({
  licenseNumber: requiredText(VALIDATION.licenseNumberRequired, 50),
  licenseType: licenseTypeField,
  address: registrationAddressSchema,
});
export type AddLicenseInput = z.input<typeof addLicenseSchema>;
export type AddLicense = z.output<typeof addLicenseSchema>;

export const companyLicenseAddedResponse = z.object({
  success: succeeded,
  message: z.string(),
  data: companyLicenseDto,
});
export type CompanyLicenseAddedResponse = z.infer<typeof companyLicenseAddedResponse>;

export const companyLicensesResponse = z.object({ success: succeeded, data: z.array(companyLicenseDto) });
export type CompanyLicensesResponse = z.infer<typeof companyLicensesResponse>;

/** POST /admin/licenses/:id/approve and …/reject (a reject needs the reason; decision 081). */
export const licenseDecisionBody = z.strictObject({ reason: adminReasonField });

/** An added license in the admin's review queue, with the registry's verdict and its company. */
export const adminCompanyLicenseDto = companyLicenseDto.extend({
  companyId: z.string(),
  businessName: z.string(),
  companyStatus: z.enum(USER_STATUSES),
  createdAt: z.string(),
  licenseCheck: licenseCheckDto,
});
export type AdminCompanyLicenseDto = z.infer<typeof adminCompanyLicenseDto>;

export const adminCompanyLicensesResponse = z.object({
  success: succeeded,
  data: z.array(adminCompanyLicenseDto),
});
export type AdminCompanyLicensesResponse = z.infer<typeof adminCompanyLicensesResponse>;

export const adminLicenseQuery = z.object({
  status: z.enum(USER_STATUSES).default('pending'),
});
