import { ACCOUNT_SECURITY, PROFILE, type ProfileUpdate } from '@canopy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { notify } from '@/lib/toast.ts';
import { pendingProfileChangeKey } from './pending-profile-change.ts';
import { type ProfileUser, profileQueryKey, updateProfile } from './profile-api.ts';

/**
 * Saves the profile and refreshes both the cached profile and the session's user (nav label). A
 * new e-mail address is only pending until confirmed, so the user is told where the link went.
 */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => updateProfile(update),
    onSuccess: (user: ProfileUser, update) => {
      queryClient.setQueryData(profileQueryKey, user);
      updateUser(user);
      notify.success(PROFILE.updated);
      if (user.pendingEmail && update.email !== user.email) {
        notify.warning(ACCOUNT_SECURITY.emailChangePending(user.pendingEmail));
      }
      // A business name or license change may now be waiting for review (decision 082).
      return queryClient.invalidateQueries({ queryKey: pendingProfileChangeKey });
    },
    meta: { errorToast: PROFILE.updateFailed },
  });
}
