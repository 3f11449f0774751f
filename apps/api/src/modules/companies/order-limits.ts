import { ORDER_LIMIT_TEXTS, type SetOrderLimitInput } from '@canopy/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyMembers } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';

/**
 * Sets or lifts a member's order limit (decision 204). Only a purchasing member has one: owners
 * and managers approve what goes above a limit, and the other roles make no offers. The caller
 * (PUT /api/company/members/{userId}) has checked company:manage and parsed the input with
 * setOrderLimitSchema; a member of another company is not found.
 */
export async function setOrderLimit(
  db: Db,
  companyId: string,
  userId: string,
  limit: SetOrderLimitInput['orderLimit'],
): Promise<void> {
  const [member] = await db
    .select({ role: companyMembers.role })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .limit(1);
  if (!member) throw notFound(ORDER_LIMIT_TEXTS.memberNotFound);
  if (limit !== null && member.role !== 'purchasing') throw badRequest(ORDER_LIMIT_TEXTS.onlyPurchasing);
  await db
    .update(companyMembers)
    .set({ orderLimit: limit === null ? null : limit.toFixed(2) })
    .where(eq(companyMembers.userId, userId));
}
