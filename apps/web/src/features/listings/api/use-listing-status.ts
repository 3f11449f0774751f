import type { ListingDto } from '@canopy/shared';
import { LISTING_MODERATION, LISTING_TOOLS, LISTINGS } from '@canopy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/toast.ts';
import {
  archiveListing,
  deleteDraft,
  duplicateListing,
  listingKeys,
  publishListing,
  relistListing,
  requestListingReview,
} from './listings-api.ts';

const ACTIONS = {
  archive: { call: archiveListing, success: LISTINGS.archived, failure: LISTINGS.archiveFailed },
  relist: { call: relistListing, success: LISTINGS.relisted, failure: LISTINGS.relistFailed },
  publish: { call: publishListing, success: LISTING_TOOLS.published, failure: LISTING_TOOLS.publishFailed },
  delete: {
    call: deleteDraft,
    success: LISTING_TOOLS.draftDeleted,
    failure: LISTING_TOOLS.deleteDraftFailed,
  },
} as const;

/**
 * Archive, relist, publish (SPEC §4, no confirmation) or delete a draft (confirmed first, in its
 * row): the action's toast, then the dashboard and catalog reload.
 */
export function useListingStatus(action: keyof typeof ACTIONS) {
  const queryClient = useQueryClient();
  const { call, success, failure } = ACTIONS[action];
  return useMutation({
    mutationFn: (listingId: string) => call(listingId),
    onSuccess: async () => {
      notify.success(success);
      // An archived listing leaves the public catalog and a relisted one comes back.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: listingKeys.mine() }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]);
    },
    meta: { errorToast: failure },
  });
}

/** Sends a hidden listing to Canopy's review queue; the row then says a review was requested. */
export function useRequestReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestListingReview,
    onSuccess: async () => {
      notify.success(LISTING_MODERATION.reviewRequested);
      await queryClient.invalidateQueries({ queryKey: listingKeys.mine() });
    },
    meta: { errorToast: LISTING_MODERATION.reviewRequestFailed },
  });
}

/** Copies a listing into a draft and opens the copy's edit form (decision 165). */
export function useDuplicateListing(onCopied: (copy: ListingDto) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateListing,
    onSuccess: async (copy) => {
      notify.success(LISTING_TOOLS.duplicated);
      // The edit page reads the seller's list, so it must hold the copy before the page opens.
      await queryClient.invalidateQueries({ queryKey: listingKeys.mine() });
      onCopied(copy);
    },
    meta: { errorToast: LISTING_TOOLS.duplicateFailed },
  });
}
