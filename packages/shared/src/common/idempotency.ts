/**
 * The optional Idempotency-Key header of the calls that create something (decisions 179 and 193):
 * a call sent again with the same key finds what the first one stored instead of storing it twice.
 */
export const IDEMPOTENCY = {
  header: 'Idempotency-Key',
  keyInvalid: 'The Idempotency-Key header must be 8 to 100 letters, digits, hyphens or underscores',
} as const;
