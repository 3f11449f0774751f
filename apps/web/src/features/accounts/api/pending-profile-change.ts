import { accountAddresses, REVIEW } from '@canopy/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-call.ts';
import { notify } from '@/lib/toast.ts';

// A verified trader's business name or license change waiting for an admin (decision 082).

export const pendingProfileChangeKey = ['profile', 'pending-change'] as const;

export const pendingProfileChangeQueryOptions = () =>
  queryOptions({
    queryKey: pendingProfileChangeKey,
    queryFn: async ({ signal }) => (await call(accountAddresses.profile, { signal })).pendingProfileChange,
  });

const WITHDRAW_FAILED = 'Failed to withdraw the profile change request';

export function useWithdrawProfileChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(accountAddresses.withdrawPendingChange),
    onSuccess: () => {
      notify.success(REVIEW.changeWithdrawn);
      return queryClient.invalidateQueries({ queryKey: pendingProfileChangeKey });
    },
    meta: { errorToast: WITHDRAW_FAILED },
  });
}
