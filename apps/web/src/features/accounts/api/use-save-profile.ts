import { PROFILE, type ProfileUpdate } from '@canopy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth/session-context.tsx';
import { notify, notifyFailure } from '../../../lib/toast.ts';
import { pendingProfileChangeKey } from './pending-profile-change.ts';
import { profileQueryKey, updateProfile } from './profile-api.ts';

/** Saves the profile and refreshes both the cached profile and the session's user (nav label). */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  return useMutation({
    mutationFn: (update: ProfileUpdate) => updateProfile(update),
    onSuccess: (user) => {
      queryClient.setQueryData(profileQueryKey, user);
      updateUser(user);
      notify.success(PROFILE.updated);
      // A business name or license change may now be waiting for review (decision 082).
      return queryClient.invalidateQueries({ queryKey: pendingProfileChangeKey });
    },
    onError: (error) => notifyFailure(error, PROFILE.updateFailed),
  });
}
