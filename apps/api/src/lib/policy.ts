import { forbidden, notFound } from './errors.ts';

// Who may do what to one resource, as data (issue 27 item 18): one table per resource, actions ×
// the caller's relation to it, read by the services and walked by a test. The route table says
// who may call a route at all; a policy says what a caller who got through may do to this one
// offer, order, listing, conversation or saved search. Company roles (decision 184) become more
// relations, or a permission beside them, without changing the shape.

/** How the caller stands to the resource. Each policy names the ones that can occur for it. */
export type Relation = 'owner' | 'sellerParty' | 'buyerParty' | 'admin' | 'other';

/**
 * What a relation may do: `allow`; `hide`, answered 404 with the resource's not-found text, for a
 * caller who may not even learn that it exists; or a 403 with its text, for a caller who knows the
 * resource and acts beyond their part in it.
 */
export type Rule = 'allow' | 'hide' | { readonly refuse: string };

export const refuse = (text: string): Rule => ({ refuse: text });

export interface Policy<A extends string = string, R extends Relation = Relation> {
  readonly resource: string;
  /** The 404 text: for a resource that does not exist and for one the caller may not see. */
  readonly notFound: string;
  readonly relations: readonly R[];
  /** Every action lists a rule for every relation, so the table is read, never inferred. */
  readonly rules: { readonly [action in A]: { readonly [relation in R]: Rule } };
}

export const definePolicy = <A extends string, R extends Relation>(policy: Policy<A, R>): Policy<A, R> =>
  policy;

/**
 * Throws the answer the table gives for this action and relation; returns when it is allowed.
 * A resource that does not exist (relation null) is answered like one the caller may not see.
 */
export function authorizeOn<A extends string, R extends Relation>(
  policy: Policy<A, R>,
  action: A,
  relation: R | null,
): void {
  const rule = relation === null ? 'hide' : policy.rules[action][relation];
  if (rule === 'allow') return;
  if (rule === 'hide') throw notFound(policy.notFound);
  throw forbidden(rule.refuse);
}

/** authorizeOn for a resource just looked up: returns it, found and allowed, or throws. */
export function authorizeFound<T, A extends string, R extends Relation>(
  policy: Policy<A, R>,
  action: A,
  found: T | null | undefined,
  relationOf: (found: T) => R,
): T {
  if (found === null || found === undefined) throw notFound(policy.notFound);
  authorizeOn(policy, action, relationOf(found));
  return found;
}

/** A deal's side for a caller: the party they are, else admin, else other. */
export function dealRelation(
  caller: { id: string; role: string },
  deal: { buyerId: string; sellerId: string },
): 'buyerParty' | 'sellerParty' | 'admin' | 'other' {
  if (deal.buyerId === caller.id) return 'buyerParty';
  if (deal.sellerId === caller.id) return 'sellerParty';
  return caller.role === 'admin' ? 'admin' : 'other';
}

/** An owned resource's relation: its owner, else admin, else other. */
export function ownerRelation(
  caller: { id: string; role: string },
  ownerId: string,
): 'owner' | 'admin' | 'other' {
  if (ownerId === caller.id) return 'owner';
  return caller.role === 'admin' ? 'admin' : 'other';
}
