import { ADMIN, LISTING_MODERATION } from '@canopy/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { productKeys } from '@/features/catalog';
import { notify } from '@/lib/toast.ts';
import { adminKeys } from './admin-api.ts';
import { answerReviewRequest, deleteListing, toggleListingStatus } from './admin-listings-api.ts';

/**
 * After a moderation action the admin lists, the stats (active listings) and the audit trail all
 * change, and the public catalog may gain or lose the listing. Awaited, so the action's button
 * stays busy until the list on screen shows the result.
 */
const refreshAfterModeration = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.all }),
    queryClient.invalidateQueries({ queryKey: productKeys.all }),
  ]);

export function useToggleListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleListingStatus,
    onSuccess: (message) => {
      notify.success(message);
      return refreshAfterModeration(queryClient);
    },
    meta: { errorToast: ADMIN.toggleFailed, preferServerText: false },
  });
}

export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteListing,
    onSuccess: () => {
      notify.success(ADMIN.listingDeleted);
      return refreshAfterModeration(queryClient);
    },
    meta: { errorToast: ADMIN.deleteFailed, preferServerText: false },
  });
}

/** Restore or keep hidden, answering a seller's review request (decision 075). */
export function useAnswerReviewRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerReviewRequest,
    onSuccess: (message) => {
      notify.success(message);
      return refreshAfterModeration(queryClient);
    },
    meta: { errorToast: LISTING_MODERATION.decisionFailed },
  });
}
