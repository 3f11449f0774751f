import { changePasswordSchema } from '../auth/schemas.ts';
import { idParams } from '../common/params.ts';
import { messageResponse } from '../common/responses.ts';
import { defineRoutes, rawResponse } from '../route-contract.ts';
import { accountAddresses } from './addresses.ts';
import { profileResponse, profileUpdatedResponse } from './responses.ts';
import { profileUpdateSchema } from './schemas.ts';

export const LICENSE_DOCUMENT_NOT_FOUND = 'License document not found';

export const accountContracts = defineRoutes(accountAddresses, {
  profile: {
    summary: 'The signed-in account, with any change waiting for confirmation or review',
    response: { 200: profileResponse },
  },
  updateProfile: {
    summary: 'Update the profile',
    body: profileUpdateSchema,
    response: { 200: profileUpdatedResponse },
  },
  withdrawPendingChange: {
    summary: 'Withdraw a profile change waiting for review',
    response: { 200: messageResponse },
  },
  changePassword: {
    summary: 'Change the password (ends every other session)',
    body: changePasswordSchema,
    response: { 200: messageResponse },
  },
  licenseDocument: {
    summary: "A trader's license document (the owner and admins only)",
    params: idParams(LICENSE_DOCUMENT_NOT_FOUND),
    response: rawResponse('application/octet-stream', 'The document as uploaded (PDF, JPEG, PNG or WebP)'),
  },
});
