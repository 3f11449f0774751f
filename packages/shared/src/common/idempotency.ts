/**
 * The optional Idempotency-Key header (decisions 179, 193 and 223): a call sent again with the same
 * key finds what the first one did instead of doing it twice. Listing creation keeps the key on the
 * listing; message sends, offers, order moves and quantity changes keep it, with their answer, for
 * 24 hours per company.
 */
export const IDEMPOTENCY = {
  header: 'Idempotency-Key',
  keyInvalid: 'The Idempotency-Key header must be 8 to 100 letters, digits, hyphens or underscores',
  /** The same key with another request: the client's mistake, refused rather than guessed at (422). */
  keyReused:
    'This Idempotency-Key was already used with a different request in the last 24 hours. Use a new key for a new request.',
  /** The same key while its first request is still running (409): the client waits and tries again. */
  inProgress: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
} as const;

/** How long a key and its answer are kept: a retry after a timeout comes well within it. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;
