import { ADMIN, type UserStatus } from '@canopy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/toast.ts';
import { adminKeys, updateUserStatus } from './admin-api.ts';

export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, status, reason }: { userId: string; status: UserStatus; reason: string }) =>
      updateUserStatus(userId, status, reason),
    onSuccess: (_user, { status }) => {
      notify.success(ADMIN.statusUpdated(status));
      // Stats (pending sellers) and every users page may change with one status.
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    meta: { errorToast: ADMIN.statusFailed, preferServerText: false },
  });
}
