import { IDEMPOTENCY } from '@canopy/shared';
import { badRequest } from './errors.ts';

// The one reading of the Idempotency-Key header, for every call that honours it: message sends
// (decision 179) and listing creation (decision 193).

/** What a client may send as an Idempotency-Key: long enough to be unique, short enough to index. */
const CLIENT_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** The Idempotency-Key header, checked; null when the client sent none. */
export function idempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (typeof header !== 'string' || !CLIENT_KEY.test(header)) throw badRequest(IDEMPOTENCY.keyInvalid);
  return header;
}
