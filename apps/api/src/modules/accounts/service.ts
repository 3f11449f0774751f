import { AUTH, type ProfileUpdate } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { SessionUser } from '../../lib/session.ts';
import {
  checkPasswordForEmailChange,
  type EmailChangeMail,
  endUserSessions,
  forgetMailedLinks,
  requestEmailChange,
  sendEmailChangeMail,
} from '../auth/index.ts';
import { syncSellerBusinessName } from '../listings/index.ts';
import { switchesOffAfter } from '../notifications/index.ts';
import { applyCheckedFields } from './pending-profile-changes.ts';

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return user ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

/**
 * Saves the profile form. Two changes have consequences: a new e-mail address needs the current
 * password and is only held as pending until confirmed from its own mailbox (decision 060), and an
 * approved trader's new business name, license number or type waits for an admin's check while the
 * approved values stay in force (decision 082).
 */
export async function updateProfile(
  ctx: AppContext,
  current: UserRow,
  update: ProfileUpdate,
): Promise<UserRow> {
  const { profile, notificationSettings: notify = {} } = update;
  const emailChanged = update.email !== current.email;

  if (emailChanged) await checkPasswordForEmailChange(current, update.currentPassword);
  const { saved, emailChange } = await ctx.database.db.transaction(async (tx) => {
    const emailChange: EmailChangeMail | null = emailChanged
      ? await requestEmailChange(tx, current, update.email)
      : null;
    const checked = await applyCheckedFields(tx, current, profile);
    const [row] = await tx
      .update(users)
      .set({
        ...checked,
        contactName: profile.contactName,
        phone: profile.phone,
        street: profile.address.street,
        city: profile.address.city,
        county: profile.address.county,
        state: profile.address.state,
        zipCode: profile.address.zipCode,
        notifyNewMessages: notify.newMessages ?? current.notifyNewMessages,
        notifyListingInterest: notify.listingInterest ?? current.notifyListingInterest,
        notifyMarketingEmails: notify.marketingEmails ?? current.notifyMarketingEmails,
        notifyWeeklyDigest: notify.weeklyDigest ?? current.notifyWeeklyDigest,
        emailSwitchesOff: switchesOffAfter(current, update.notificationEmails),
        updatedAt: new Date(),
      })
      .where(eq(users.id, current.id))
      .returning();
    if (!row) throw notFound('User not found');
    await syncSellerBusinessName(tx, current.id, checked.businessName);
    return { saved: row, emailChange };
  });

  if (emailChange) await sendEmailChangeMail(ctx, emailChange);
  return saved;
}

/**
 * Changes the password after checking the current one; every other session of the user ends, and
 * every mailed link (and a pending e-mail change) is retired.
 */
export async function changePassword(
  ctx: AppContext,
  auth: SessionUser,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  if (!(await verifyPassword(auth.login.passwordHash, currentPassword))) {
    throw badRequest(AUTH.currentPasswordWrong);
  }
  const passwordHash = await hashPassword(newPassword);
  await ctx.database.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, auth.login.id));
    await forgetMailedLinks(tx, auth.login.id);
    await endUserSessions(tx, auth.login.id, auth.sessionId);
  });
}
