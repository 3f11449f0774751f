import type { OfferDto } from '@canopy/shared';

/**
 * The member a move is shown under (issue 28): their name when someone other than the company's
 * founding login made it. A company of one (every account before companies) is its founding login,
 * whose id is the company's, so its deals read exactly as before, by the business alone.
 */
export function memberName(byMember: OfferDto['byMember'], partyId: string): string | null {
  if (!byMember || byMember.userId === partyId || !byMember.contactName) return null;
  return byMember.contactName;
}
