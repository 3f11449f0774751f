import { BUYER_GROUPS, type BuyerGroupDto, type buyerGroupSchema } from '@canopy/shared';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  type BuyerGroupRow,
  buyerGroupListings,
  buyerGroupMembers,
  buyerGroups,
  listings,
  users,
} from '../../db/schema/index.ts';
import { isBusinessRow } from '../../lib/business-rows.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isUuid, uuidv7 } from '../../lib/ids.ts';
import { authorizeFound } from '../../lib/policy.ts';
import { type BuyerGroupAction, buyerGroupPolicy, buyerGroupRelation } from './policy.ts';
import { privateLotsOf, syncGroupOnly } from './private-lots.ts';

// A seller's buyer groups (issue 25 item 1, decision 241): made, replaced and deleted whole, each
// call one transaction, so a refused member or a taken name leaves nothing written.

type GroupInput = z.output<typeof buyerGroupSchema>;

/** Locks the group for a change by its seller; anyone else's, or none, is a 404. */
export async function lockGroup(tx: Db, sellerId: string, id: string, action: BuyerGroupAction) {
  const [row] = isUuid(id)
    ? await tx.select().from(buyerGroups).where(eq(buyerGroups.id, id)).for('update').limit(1)
    : [];
  return authorizeFound(buyerGroupPolicy, action, row, (found) => buyerGroupRelation(sellerId, found));
}

/**
 * The members, checked: each a verified buyer company, none already in another of this seller's
 * groups (one group per seller and buyer, so a buyer's price and terms are never in doubt).
 */
async function checkedBuyers(tx: Db, sellerId: string, groupId: string | null, ids: readonly string[]) {
  if (ids.length === 0) return [];
  if (!ids.every(isUuid)) throw badRequest(BUYER_GROUPS.buyerUnknown);
  const found = await tx
    .select({ id: users.id, businessName: users.businessName })
    .from(users)
    .where(
      and(
        inArray(users.id, [...ids]),
        eq(users.role, 'buyer'),
        eq(users.status, 'verified'),
        isBusinessRow(),
      ),
    );
  if (found.length !== ids.length) throw badRequest(BUYER_GROUPS.buyerUnknown);
  const [taken] = await tx
    .select({ buyerId: buyerGroupMembers.buyerId, groupName: buyerGroups.name })
    .from(buyerGroupMembers)
    .innerJoin(buyerGroups, eq(buyerGroups.id, buyerGroupMembers.groupId))
    .where(
      and(
        eq(buyerGroupMembers.sellerId, sellerId),
        inArray(buyerGroupMembers.buyerId, [...ids]),
        groupId ? ne(buyerGroupMembers.groupId, groupId) : undefined,
      ),
    )
    .limit(1);
  if (taken) {
    const name = found.find((buyer) => buyer.id === taken.buyerId)?.businessName ?? '';
    throw conflict(BUYER_GROUPS.buyerInOtherGroup(name, taken.groupName), { code: 'buyer_in_other_group' });
  }
  return found;
}

/**
 * One change at a time to a seller's groups: the member and name checks below then see every
 * other change, so two saves in parallel cannot both pass them.
 */
export const serialiseSeller = (tx: Db, sellerId: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`buyer-groups:${sellerId}`}))`);

async function refuseTakenName(tx: Db, sellerId: string, groupId: string | null, name: string) {
  const [taken] = await tx
    .select({ id: buyerGroups.id })
    .from(buyerGroups)
    .where(
      and(
        eq(buyerGroups.sellerId, sellerId),
        sql`lower(${buyerGroups.name}) = lower(${name})`,
        groupId ? ne(buyerGroups.id, groupId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw conflict(BUYER_GROUPS.nameTaken);
}

async function replaceMembers(
  tx: Db,
  group: Pick<BuyerGroupRow, 'id' | 'sellerId'>,
  buyerIds: readonly string[],
) {
  await tx.delete(buyerGroupMembers).where(eq(buyerGroupMembers.groupId, group.id));
  if (buyerIds.length === 0) return;
  await tx
    .insert(buyerGroupMembers)
    .values(buyerIds.map((buyerId) => ({ groupId: group.id, sellerId: group.sellerId, buyerId })));
}

export async function createGroup(db: Db, sellerId: string, input: GroupInput): Promise<BuyerGroupDto> {
  const id = uuidv7();
  await db.transaction(async (tx) => {
    await serialiseSeller(tx, sellerId);
    await refuseTakenName(tx, sellerId, null, input.name);
    await checkedBuyers(tx, sellerId, null, input.buyerCompanyIds);
    await tx.insert(buyerGroups).values({
      id,
      sellerId,
      name: input.name,
      minimumOrderLbs: input.minimumOrderLbs,
      paymentTerms: input.paymentTerms,
      monthlySampleCap: input.monthlySampleCap,
    });
    await replaceMembers(tx, { id, sellerId }, input.buyerCompanyIds);
  });
  return loadGroup(db, id);
}

export async function updateGroup(
  db: Db,
  sellerId: string,
  id: string,
  input: GroupInput,
): Promise<BuyerGroupDto> {
  await db.transaction(async (tx) => {
    await serialiseSeller(tx, sellerId);
    const group = await lockGroup(tx, sellerId, id, 'update');
    await refuseTakenName(tx, sellerId, group.id, input.name);
    await checkedBuyers(tx, sellerId, group.id, input.buyerCompanyIds);
    await tx
      .update(buyerGroups)
      .set({
        name: input.name,
        minimumOrderLbs: input.minimumOrderLbs,
        paymentTerms: input.paymentTerms,
        monthlySampleCap: input.monthlySampleCap,
        updatedAt: new Date(),
      })
      .where(eq(buyerGroups.id, group.id));
    await replaceMembers(tx, group, input.buyerCompanyIds);
  });
  return loadGroup(db, id);
}

/** Deletes the group; its private lots are public again unless another group holds them so. */
export async function deleteGroup(db: Db, sellerId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const group = await lockGroup(tx, sellerId, id, 'remove');
    const held = await privateLotsOf(tx, group.id);
    await tx.delete(buyerGroups).where(eq(buyerGroups.id, group.id));
    await syncGroupOnly(tx, held);
  });
}

/** The seller's groups, by name, each whole. */
export async function listGroups(db: Db, sellerId: string): Promise<BuyerGroupDto[]> {
  const groups = await db
    .select()
    .from(buyerGroups)
    .where(eq(buyerGroups.sellerId, sellerId))
    .orderBy(asc(buyerGroups.name), asc(buyerGroups.id));
  return presentGroups(db, groups);
}

export async function loadGroup(db: Db, id: string): Promise<BuyerGroupDto> {
  const [group] = await db.select().from(buyerGroups).where(eq(buyerGroups.id, id)).limit(1);
  if (!group) throw notFound(BUYER_GROUPS.notFound);
  const [dto] = await presentGroups(db, [group]);
  if (!dto) throw notFound(BUYER_GROUPS.notFound);
  return dto;
}

async function presentGroups(db: Db, groups: BuyerGroupRow[]): Promise<BuyerGroupDto[]> {
  if (groups.length === 0) return [];
  const ids = groups.map((group) => group.id);
  const [members, entries] = await Promise.all([
    db
      .select({ groupId: buyerGroupMembers.groupId, companyId: users.id, businessName: users.businessName })
      .from(buyerGroupMembers)
      .innerJoin(users, eq(users.id, buyerGroupMembers.buyerId))
      .where(inArray(buyerGroupMembers.groupId, ids))
      .orderBy(asc(users.businessName)),
    db
      .select({
        groupId: buyerGroupListings.groupId,
        listingId: buyerGroupListings.listingId,
        listingTitle: listings.title,
        pricePerLb: buyerGroupListings.pricePerLb,
        percentOff: buyerGroupListings.percentOff,
        private: buyerGroupListings.private,
      })
      .from(buyerGroupListings)
      .innerJoin(listings, eq(listings.id, buyerGroupListings.listingId))
      .where(inArray(buyerGroupListings.groupId, ids))
      .orderBy(asc(listings.title), asc(listings.id)),
  ]);
  return groups.map((group) => {
    const own = entries.filter((entry) => entry.groupId === group.id);
    return {
      _id: group.id,
      name: group.name,
      minimumOrderLbs: group.minimumOrderLbs,
      paymentTerms: group.paymentTerms,
      monthlySampleCap: group.monthlySampleCap,
      buyers: members
        .filter((member) => member.groupId === group.id)
        .map(({ companyId, businessName }) => ({ companyId, businessName })),
      prices: own
        .filter((entry) => entry.pricePerLb !== null || entry.percentOff !== null)
        .map(({ listingId, listingTitle, pricePerLb, percentOff }) => ({
          listingId,
          listingTitle,
          pricePerLb,
          percentOff,
        })),
      privateListingIds: own.filter((entry) => entry.private).map((entry) => entry.listingId),
    };
  });
}
