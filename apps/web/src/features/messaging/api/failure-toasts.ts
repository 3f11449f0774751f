import { CONVERSATIONS } from '@canopy/shared';
import { ApiError, NetworkError } from '@/lib/api-client.ts';

// SPEC §8's Conversations failures. "Network error occurred" plus the network suffix is exactly
// the send call's network text, so every conversation call's network toast says that one string.

/** What a failed list, thread, archive or restore call says when the server cannot be reached. */
export const CONVERSATION_NETWORK_TEXT = CONVERSATIONS.sendNetwork;

/** What a failed send says, in its toast and inside the contact dialog. */
export function sendFailureText(error: unknown): string {
  if (error instanceof NetworkError) return CONVERSATION_NETWORK_TEXT;
  if (error instanceof ApiError && error.status === 404 && !error.serverText) return CONVERSATIONS.notFound;
  return error instanceof ApiError && error.serverText ? error.serverText : CONVERSATIONS.sendFailed;
}
