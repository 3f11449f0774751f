import { LISTING_TOOLS, LISTINGS } from '@canopy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client.ts';
import { notify, notifyFailure } from '@/lib/toast.ts';
import { listingKeys, type SaveListingInput, saveListing } from './listings-api.ts';

/** SPEC §8's create failures: the server's text, else the fallback; no answer at all has its own text. */
function notifyCreateFailure(error: unknown) {
  notifyFailure(error, LISTINGS.createFailed, { networkMessage: LISTINGS.createNetwork });
}

/**
 * SPEC §8's update failures. A 401 has already ended the session, said "Session expired. Please
 * log in again." and gone to sign-in (lib/api-client.ts), so nothing more is said here.
 */
function notifyUpdateFailure(error: unknown) {
  if (error instanceof ApiError) {
    // A stale form (409) is told on the form itself, beside the button that reloads the listing.
    if (error.status !== 401 && !isStaleSave(error)) notify.error(error.serverText ?? LISTINGS.updateFailed);
  } else {
    notify.error(LISTINGS.updateRetry);
  }
}

/** The listing changed since the form opened it (decision 165): the save was refused, nothing written. */
export const isStaleSave = (error: unknown) =>
  error instanceof ApiError && error.code === 'listing_version_stale';

/** Creates or updates a listing through the upload with progress; `progress` is 0..1 while sending. */
export function useSaveListing() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (input: SaveListingInput) => {
      setProgress(0);
      return saveListing(input, setProgress);
    },
    onSuccess: async (_listing, input) => {
      notify.success(
        input.listingId
          ? LISTINGS.updated
          : input.options?.draft
            ? LISTING_TOOLS.draftSaved
            : LISTINGS.created,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: listingKeys.mine() }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]);
    },
    onError: (error, input) => (input.listingId ? notifyUpdateFailure(error) : notifyCreateFailure(error)),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}
