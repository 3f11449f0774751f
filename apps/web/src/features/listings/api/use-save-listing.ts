import { LISTING_TOOLS, LISTINGS } from '@canopy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client.ts';
import { createRetryKeys } from '@/lib/retry-keys.ts';
import { notify, notifyFailure } from '@/lib/toast.ts';
import {
  listingKeys,
  publishListing,
  type SaveListingInput,
  saveListing,
  submissionText,
} from './listings-api.ts';

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

/** The seller pressed "Cancel upload": the request was aborted on purpose, not a failure. */
const isCancelled = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Creates or updates a listing through the upload with progress; `progress` is 0..1 while sending.
 * One save at a time: a save asked for while another runs is ignored (decision 193). A create
 * carries one Idempotency-Key per submission, kept while the same submission is tried again.
 */
export function useSaveListing() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const [keys] = useState(createRetryKeys);
  const upload = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: async (input: SaveListingInput) => {
      setCancelled(false);
      setProgress(0);
      const saved = await saveListing(input, {
        onProgress: setProgress,
        signal: upload.current?.signal,
        idempotencyKey: input.listingId ? undefined : keys.keyFor(submissionText(input)),
      });
      if (input.publish) await publishListing(saved._id);
      return saved;
    },
    onSuccess: async (_listing, input) => {
      keys.delivered();
      notify.success(
        input.publish
          ? LISTING_TOOLS.published
          : input.listingId
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
    onError: (error, input) => {
      // The key stays after a cancel: should the server have finished the create as the upload
      // was cut, sending the same submission again finds that listing instead of making another.
      if (isCancelled(error)) return setCancelled(true);
      if (input.listingId) return notifyUpdateFailure(error);
      // Refused as a key already spent on another form: the next press starts afresh.
      if (error instanceof ApiError && error.status === 409) keys.delivered();
      notifyCreateFailure(error);
    },
    onSettled: () => {
      upload.current = null;
      setProgress(null);
    },
  });

  /** Starts a save unless one is already running (a second press, a form submitted by Enter). */
  const save: typeof mutation.mutate = (input, callbacks) => {
    if (upload.current) return;
    upload.current = new AbortController();
    mutation.mutate(input, callbacks);
  };
  /** Aborts the upload under way; the server stores nothing from a body cut short. */
  const cancel = () => upload.current?.abort();

  return { ...mutation, mutate: save, progress, cancelled, cancel };
}
