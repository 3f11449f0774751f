import { type AddLicense, COMPANY_LICENSES, companyAddresses } from '@canopy/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-call.ts';
import { notify } from '@/lib/toast.ts';
import { LICENSE_TEXTS } from '../texts.ts';

// The company's licenses and their review (issue 28 item 5, decision 209).

export const licenseKeys = {
  all: ['licenses'] as const,
  company: () => [...licenseKeys.all, 'company'] as const,
  review: () => [...licenseKeys.all, 'review'] as const,
};

export const companyLicensesQueryOptions = () =>
  queryOptions({
    queryKey: licenseKeys.company(),
    queryFn: async ({ signal }) => (await call(companyAddresses.licenses, { signal })).data,
    meta: { errorToast: LICENSE_TEXTS.loadFailed },
  });

export const licenseReviewQueryOptions = () =>
  queryOptions({
    queryKey: licenseKeys.review(),
    queryFn: async ({ signal }) => (await call(companyAddresses.adminLicenses, { signal })).data,
    meta: { errorToast: LICENSE_TEXTS.loadFailed },
  });

/** Multipart as registration's: one field per scalar, `address` as a JSON string. */
function licenseFormData(license: AddLicense, document: File): FormData {
  const form = new FormData();
  form.append('licenseNumber', license.licenseNumber);
  form.append('licenseType', license.licenseType);
  form.append('address', JSON.stringify(license.address));
  form.append('licenseDocument', document);
  return form;
}

export function useAddLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ license, document }: { license: AddLicense; document: File }) =>
      call(companyAddresses.addLicense, { body: licenseFormData(license, document) }),
    onSuccess: (response) => {
      notify.success(response.message);
      // The company page lists the licenses in its own answer (['company'], company-api.ts).
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: licenseKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['company'] }),
      ]);
    },
    meta: { errorToast: LICENSE_TEXTS.addFailed },
  });
}

export function useDecideLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve, reason }: { id: string; approve: boolean; reason: string }) =>
      call(approve ? companyAddresses.approveLicense : companyAddresses.rejectLicense, {
        params: { id },
        body: { reason },
      }),
    onSuccess: (_response, { approve }) => {
      notify.success(approve ? COMPANY_LICENSES.approved : COMPANY_LICENSES.rejected);
      return queryClient.invalidateQueries({ queryKey: licenseKeys.all });
    },
    meta: { errorToast: LICENSE_TEXTS.decideFailed },
  });
}
