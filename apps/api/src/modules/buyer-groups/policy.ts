import { BUYER_GROUPS } from '@canopy/shared';
import { definePolicy } from '../../lib/policy.ts';

// Who may change a buyer group (issue 25 item 1): its seller only. Anyone else is told it does not
// exist, so one seller cannot learn another's groups by id. The route table already asks
// listings:write of the member (decision 240).

const OWNER_ONLY = { owner: 'allow', other: 'hide' } as const;

export const buyerGroupPolicy = definePolicy({
  resource: 'buyerGroup',
  notFound: BUYER_GROUPS.notFound,
  relations: ['owner', 'other'],
  rules: { update: OWNER_ONLY, remove: OWNER_ONLY, setPrices: OWNER_ONLY },
});

export type BuyerGroupAction = keyof typeof buyerGroupPolicy.rules;

export const buyerGroupRelation = (sellerId: string, group: { sellerId: string }) =>
  group.sellerId === sellerId ? ('owner' as const) : ('other' as const);
