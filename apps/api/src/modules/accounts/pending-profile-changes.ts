import { type CheckedProfileFields, type PendingProfileChangeDto, REVIEW } from '@canopy/shared';
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  type PendingProfileChangeRow,
  pendingProfileChanges,
  type UserRow,
  users,
} from '../../db/schema/index.ts';
import { renderEmailHtml } from '../../lib/email-html.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { MailMessage } from '../../lib/mail.ts';
import { recordAdminAction } from '../audit/index.ts';
import { reasonLine } from '../auth/index.ts';
import {
  assertLicenseNumberFree,
  licenseCheck,
  licenseVerdict,
  normaliseLicenseNumber,
} from '../licenses/index.ts';
import { syncSellerBusinessName } from '../listings/index.ts';

// What was checked stays checked (decision 082). An approved trader's business name, license
// number and license type are what an admin checked against the state registry; a change to them
// waits here until an admin has checked the new values. Meanwhile the account keeps its status
// and the catalog, badges and listings keep showing the approved values.

const checkedFields = (source: CheckedProfileFields): CheckedProfileFields => ({
  businessName: source.businessName,
  licenseNumber: source.licenseNumber,
  licenseType: source.licenseType,
});

const sameFields = (a: CheckedProfileFields, b: CheckedProfileFields) =>
  a.businessName === b.businessName && a.licenseNumber === b.licenseNumber && a.licenseType === b.licenseType;

/** Accounts an admin has approved before: their checked fields only change through review. */
const holdsChanges = (user: Pick<UserRow, 'role' | 'status'>) =>
  user.role !== 'admin' && (user.status === 'verified' || user.status === 'suspended');

export async function findPendingChange(db: Db, userId: string): Promise<PendingProfileChangeRow | null> {
  const [row] = await db
    .select()
    .from(pendingProfileChanges)
    .where(eq(pendingProfileChanges.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function usersWithPendingChange(db: Db, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: pendingProfileChanges.userId })
    .from(pendingProfileChanges)
    .where(inArray(pendingProfileChanges.userId, userIds));
  return new Set(rows.map((row) => row.userId));
}

export const presentPendingChange = (row: PendingProfileChangeRow): PendingProfileChangeDto => ({
  _id: row.userId,
  ...checkedFields(row),
  requestedAt: row.requestedAt.toISOString(),
});

/** The trader's own view of their pending change, for the profile form. */
export async function pendingChangeOf(db: Db, userId: string): Promise<PendingProfileChangeDto | null> {
  const row = await findPendingChange(db, userId);
  return row && presentPendingChange(row);
}

/**
 * Part of a profile save, inside its transaction: returns the checked fields to write on the
 * users row. A trader not yet approved writes the new values (the admin checks them at approval);
 * an approved trader keeps the approved ones, and new ones wait for review, replacing any earlier
 * request. The approved values sent again leave a waiting request alone: other screens re-send
 * the whole profile as read, and a request is only withdrawn on purpose (withdrawPendingChange).
 */
export async function applyCheckedFields(
  tx: Db,
  current: UserRow,
  requested: CheckedProfileFields,
): Promise<CheckedProfileFields> {
  const approved = checkedFields(current);
  const asked = checkedFields(requested);
  const numberChanged =
    normaliseLicenseNumber(asked.licenseNumber) !== normaliseLicenseNumber(approved.licenseNumber);
  if (numberChanged && current.role !== 'admin')
    await assertLicenseNumberFree(tx, asked.licenseNumber, current.id);
  if (!holdsChanges(current)) return asked;

  if (sameFields(asked, approved)) return approved;
  const waiting = await findPendingChange(tx, current.id);
  if (!waiting || !sameFields(waiting, asked)) {
    await tx
      .insert(pendingProfileChanges)
      .values({ userId: current.id, ...asked, requestedAt: new Date() })
      .onConflictDoUpdate({
        target: pendingProfileChanges.userId,
        set: { ...asked, requestedAt: new Date() },
      });
  }
  return approved;
}

/** The trader takes back their own waiting request; true when there was one. */
export async function withdrawPendingChange(db: Db, userId: string): Promise<boolean> {
  const removed = await db
    .delete(pendingProfileChanges)
    .where(eq(pendingProfileChanges.userId, userId))
    .returning({ userId: pendingProfileChanges.userId });
  return removed.length > 0;
}

interface Decision {
  admin: Pick<UserRow, 'id' | 'email'>;
  userId: string;
  reason: string | null;
}

/**
 * An admin's decision on a pending change, in one transaction with its audit entry. Approving
 * writes the new values (and the listings' copy of the business name); it needs a reason when the
 * registry's verdict on the new values is not clear. Rejecting always needs one.
 */
export async function decidePendingChange(
  ctx: AppContext,
  approve: boolean,
  { admin, userId, reason }: Decision,
) {
  await ctx.database.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
    if (!user) throw notFound('User not found');
    const change = await findPendingChange(tx, userId);
    if (!change) throw badRequest(REVIEW.noPendingChange);
    const verdict = await licenseVerdict(tx, { id: user.id, ...checkedFields(change) });
    const check = licenseCheck(verdict);
    if (!reason) {
      if (!approve) throw badRequest(REVIEW.reasonRequired);
      if (!check.clear) throw badRequest(REVIEW.approvalNeedsReason, { licenseCheck: check });
    }
    if (approve) {
      await tx
        .update(users)
        .set({ ...checkedFields(change), updatedAt: new Date() })
        .where(eq(users.id, userId));
      await syncSellerBusinessName(tx, userId, change.businessName);
    }
    await tx.delete(pendingProfileChanges).where(eq(pendingProfileChanges.userId, userId));
    await recordAdminAction(tx, admin, {
      action: approve ? 'user.profile_change.approve' : 'user.profile_change.reject',
      targetType: 'user',
      targetId: user.id,
      targetLabel: user.email,
      before: { ...checkedFields(user) },
      after: { ...checkedFields(change), license: verdict, licenseCheck: check },
      reason,
    });
    // Queued with the decision: the trader hears of it exactly when it commits.
    await ctx.mailer.enqueue(tx, profileChangeEmail(user, change, approve, reason, ctx.config.appUrl));
  });
  ctx.mailer.kick();
}

function profileChangeEmail(
  user: UserRow,
  change: CheckedProfileFields,
  approved: boolean,
  reason: string | null,
  appUrl: string,
): MailMessage {
  const requested = `${change.businessName}, license ${change.licenseNumber} (${change.licenseType})`;
  const lines = [
    `Hello ${user.contactName || 'there'},`,
    approved
      ? `We checked the new business details you asked for (${requested}) and they are now on your Canopy account.`
      : `We could not accept the new business details you asked for (${requested}). Your account keeps its current details.`,
  ];
  const quoted = reason ? `${reasonLine(reason)}\n\n` : '';
  return {
    to: user.email,
    subject: approved
      ? 'Your Canopy profile change is approved'
      : 'Your Canopy profile change was not accepted',
    text: `${lines.join('\n\n')}\n\n${quoted}${appUrl}/profile\n`,
    html: renderEmailHtml({
      heading: 'Profile change',
      paragraphs: lines,
      ...(reason ? { quote: reasonLine(reason) } : {}),
      action: { label: 'Open your profile', url: `${appUrl}/profile` },
    }),
  };
}
