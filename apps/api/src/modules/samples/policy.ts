import { AUTH, SAMPLES } from '@canopy/shared';
import { definePolicy, refuse } from '../../lib/policy.ts';

// Who may do what to a sample request (issue 25 item 3). As with offers, only its two parties see
// it and admins read it; for anyone else it does not exist. Only the seller answers it.

export const samplePolicy = definePolicy({
  resource: 'sample',
  notFound: SAMPLES.notFound,
  relations: ['buyerParty', 'sellerParty', 'admin', 'other'] as const,
  rules: {
    read: { buyerParty: 'allow', sellerParty: 'allow', admin: 'allow', other: 'hide' },
    /** Approve (a $0 order) or decline. */
    decide: {
      buyerParty: refuse(SAMPLES.onlySellerDecides),
      sellerParty: 'allow',
      admin: refuse(AUTH.forbidden),
      other: 'hide',
    },
  },
});
