import { LISTINGS } from '@canopy/shared';
import { NetworkError } from '@/lib/api-client.ts';

/** SPEC §8's load failure of the seller's listings: no answer at all has its own text. */
export function listingsLoadFailure(error: Error): string {
  return error instanceof NetworkError ? LISTINGS.loadNetwork : LISTINGS.loadFailed;
}
