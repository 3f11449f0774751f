import { CONVERSATIONS, TOAST_MS } from '@canopy/shared';
import toast from 'react-hot-toast';
import { ApiError, NetworkError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';

// SPEC §8's Conversations toasts. "Network error occurred" plus the network suffix is exactly
// the send call's network text, so both use that one string.

const NETWORK_TEXT = CONVERSATIONS.sendNetwork;

/** A failed list, thread, archive or restore call: network text, else the server's or `fallback`. */
export function notifyConversationFailure(
  error: unknown,
  fallback: string,
  { preferServerText }: { preferServerText: boolean },
): void {
  if (error instanceof NetworkError) notify.networkError(NETWORK_TEXT);
  else if (preferServerText && error instanceof ApiError && error.serverText) notify.error(error.serverText);
  else notify.error(fallback);
}

/** A failed send (contact form or composer); SPEC gives its network toast 8 s, not the usual 15. */
export function notifySendFailure(error: unknown): void {
  if (error instanceof NetworkError) {
    toast.error(NETWORK_TEXT, { duration: TOAST_MS.default });
  } else {
    notify.error(sendFailureText(error));
  }
}

/** What a failed send says, also inside the contact dialog. */
export function sendFailureText(error: unknown): string {
  if (error instanceof NetworkError) return NETWORK_TEXT;
  if (error instanceof ApiError && error.status === 404 && !error.serverText) return CONVERSATIONS.notFound;
  return error instanceof ApiError && error.serverText ? error.serverText : CONVERSATIONS.sendFailed;
}
