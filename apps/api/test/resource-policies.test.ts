import { AUTH, DEALS, LISTINGS } from '@canopy/shared';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../src/lib/errors.ts';
import { authorizeOn, type Policy, type Relation } from '../src/lib/policy.ts';
import { buyerGroupPolicy } from '../src/modules/buyer-groups/policy.ts';
import { offerPolicy, orderPolicy } from '../src/modules/deals/policy.ts';
import { invoicePolicy } from '../src/modules/invoices/policy.ts';
import { listingPolicy } from '../src/modules/listings/policy.ts';
import { conversationPolicy } from '../src/modules/messaging/policy.ts';
import { samplePolicy } from '../src/modules/samples/policy.ts';
import { savedSearchPolicy } from '../src/modules/saved-searches/policy.ts';
import { wantedPolicy } from '../src/modules/wanted/policy.ts';

// Who may do what to one offer, order, invoice, listing, conversation or saved search, walked: every
// action of every table against every relation the table names, through authorizeOn, as a
// reviewed snapshot. Changing a rule changes __snapshots__/resource-policies.txt, so the change
// shows up in review (`vitest -u` rewrites it). The API tests of each module call the routes.

function answer<A extends string, R extends Relation>(policy: Policy<A, R>, action: A, relation: R | null) {
  try {
    authorizeOn(policy, action, relation);
    return 'allow';
  } catch (error) {
    const refusal = error as AppError;
    return `${refusal.status} ${refusal.message}`;
  }
}

/** One line per action × relation (and a resource that does not exist), as authorizeOn answers it. */
function walk<A extends string, R extends Relation>(policy: Policy<A, R>): string[] {
  return (Object.keys(policy.rules) as A[]).flatMap((action) =>
    [...policy.relations, null].map(
      (relation) =>
        `${`${policy.resource}.${action}`.padEnd(28)} ${(relation ?? '(missing)').padEnd(12)} ${answer(policy, action, relation)}`,
    ),
  );
}

/** The actions whose rules leave out a relation the table names. */
const gaps = <A extends string, R extends Relation>(policy: Policy<A, R>): string[] =>
  (Object.keys(policy.rules) as A[]).flatMap((action) =>
    policy.relations
      .filter((relation) => !(relation in policy.rules[action]))
      .map((relation) => `${policy.resource}.${action}: ${relation}`),
  );

describe('resource policies', () => {
  it('are the reviewed table of actions × relations and their answers', async () => {
    const lines = [
      ...walk(listingPolicy),
      ...walk(offerPolicy),
      ...walk(orderPolicy),
      ...walk(invoicePolicy),
      ...walk(conversationPolicy),
      ...walk(savedSearchPolicy),
      ...walk(wantedPolicy),
      ...walk(samplePolicy),
      ...walk(buyerGroupPolicy),
    ];
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('__snapshots__/resource-policies.txt');
  });

  it('gives every action a rule for every relation its table names', () => {
    expect([
      ...gaps(listingPolicy),
      ...gaps(offerPolicy),
      ...gaps(orderPolicy),
      ...gaps(invoicePolicy),
      ...gaps(conversationPolicy),
      ...gaps(savedSearchPolicy),
      ...gaps(wantedPolicy),
      ...gaps(samplePolicy),
      ...gaps(buyerGroupPolicy),
    ]).toEqual([]);
  });

  it('answers what does not exist as what the caller may not see', () => {
    expect(answer(listingPolicy, 'update', null)).toBe(`404 ${LISTINGS.notFound}`);
    expect(answer(listingPolicy, 'update', 'other')).toBe(`404 ${LISTINGS.notFound}`);
    expect(answer(offerPolicy, 'answer', 'other')).toBe(`404 ${DEALS.offerNotFound}`);
  });

  it('refuses a known party beyond its part with 403 and the reason', () => {
    expect(answer(offerPolicy, 'answer', 'admin')).toBe(`403 ${AUTH.forbidden}`);
    expect(answer(orderPolicy, 'fulfil', 'buyerParty')).toBe(`403 ${DEALS.onlySellerFulfils}`);
    expect(answer(orderPolicy, 'complete', 'sellerParty')).toBe(`403 ${DEALS.onlyBuyerCompletes}`);
    expect(answer(orderPolicy, 'read', 'admin')).toBe('allow');
  });
});
