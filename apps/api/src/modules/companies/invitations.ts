import {
  AUTH,
  COMPANY,
  type CompanyInvitationDto,
  type CompanyRole,
  type InvitationInput,
} from '@canopy/shared';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  companies,
  companyInvitations,
  companyMembers,
  conversations,
  listings,
  offers,
  orders,
  savedSearches,
  type UserRow,
  users,
  wantedPosts,
  watchlistItems,
} from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { SessionUser } from '../../lib/session.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import { createSession, endUserSessions } from '../auth/index.ts';
import { recordMemberAction } from './activity.ts';
import { invitationEmail } from './emails.ts';
import type { MemberCaller } from './membership.ts';

// Invitations (issue 28 item 3, decision 206): mailed to one address with a role, single use,
// 7 days, kept only as a hash like every other mailed token.

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

type InvitationRow = typeof companyInvitations.$inferSelect;

export const presentInvitation = (row: InvitationRow): CompanyInvitationDto => ({
  _id: row.id,
  email: row.email,
  role: row.role,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  invitedBy: row.invitedBy,
});

/** Invitations neither accepted nor revoked (expired ones included: the page says so). */
export const isPending = () =>
  and(isNull(companyInvitations.acceptedAt), isNull(companyInvitations.revokedAt));

/**
 * Mails an invitation. An address already invited gets a fresh link and the older one stops
 * working, so a lost mail is answered by inviting again. The mail is queued in the transaction.
 */
export async function invite(ctx: AppContext, auth: MemberCaller, input: InvitationInput) {
  const companyId = auth.member.companyId;
  const email = input.email.toLowerCase();
  const token = randomToken();
  const row = await ctx.database.db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: users.id })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(and(eq(companyMembers.companyId, companyId), eq(users.email, email)))
      .limit(1);
    if (member) throw conflict(COMPANY.alreadyMember);
    await tx
      .update(companyInvitations)
      .set({ revokedAt: new Date() })
      .where(
        and(eq(companyInvitations.companyId, companyId), eq(companyInvitations.email, email), isPending()),
      );
    const [created] = await tx
      .insert(companyInvitations)
      .values({
        id: uuidv7(),
        companyId,
        email,
        role: input.role as CompanyRole,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
        invitedBy: auth.login.id,
      })
      .returning();
    if (!created) throw new Error('invitation insert returned nothing');
    const link = `${ctx.config.appUrl}/accept-invitation?token=${encodeURIComponent(token)}`;
    await ctx.mailer.enqueue(tx, invitationEmail(email, auth.user.businessName, created.role, link));
    await recordMemberAction(tx, auth.login, companyId, 'company.invite', email, {
      email,
      role: created.role,
    });
    return created;
  });
  ctx.mailer.kick();
  return row;
}

export async function revokeInvitation(db: Db, auth: MemberCaller, invitationId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(companyInvitations)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(companyInvitations.id, invitationId),
          eq(companyInvitations.companyId, auth.member.companyId),
          isPending(),
        ),
      )
      .returning();
    if (!revoked) throw notFound(COMPANY.invitationNotFound);
    await recordMemberAction(tx, auth.login, auth.member.companyId, 'company.invite_revoke', revoked.email, {
      email: revoked.email,
      role: revoked.role,
    });
  });
}

/**
 * The invitation the token names, locked until the caller's transaction ends, so it is used once
 * (join() stamps it). Unknown, used and revoked links read the same; an expired one says so.
 */
async function claimInvitation(tx: Db, token: string): Promise<InvitationRow> {
  const [row] = await tx
    .select()
    .from(companyInvitations)
    .where(eq(companyInvitations.tokenHash, hashToken(token)))
    .for('update')
    .limit(1);
  if (!row || row.acceptedAt || row.revokedAt) throw badRequest(COMPANY.invitationInvalid);
  if (row.expiresAt <= new Date()) throw badRequest(COMPANY.invitationExpired);
  return row;
}

/** The invited company's row: its role (buyer or seller) becomes the new member's. */
async function companyOf(tx: Db, companyId: string): Promise<UserRow> {
  const [company] = await tx.select().from(users).where(eq(users.id, companyId)).limit(1);
  if (!company) throw badRequest(COMPANY.invitationInvalid);
  return company;
}

export interface NewLogin {
  contactName: string;
  password: string;
}

/** Accepting as a new person: a login is made for the invited address, already verified by the mail. */
export async function acceptAsNewLogin(ctx: AppContext, token: string, person: NewLogin) {
  const passwordHash = await hashPassword(person.password);
  const loginId = uuidv7();
  try {
    return await ctx.database.db.transaction(async (tx) => {
      const invitation = await claimInvitation(tx, token);
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, invitation.email));
      if (taken) throw conflict(COMPANY.signInToAccept);
      const company = await companyOf(tx, invitation.companyId);
      const [login] = await tx
        .insert(users)
        .values({
          id: loginId,
          email: invitation.email,
          passwordHash,
          role: company.role,
          status: 'verified',
          emailVerified: true,
          contactName: person.contactName,
          lastLogin: new Date(),
        })
        .returning();
      if (!login) throw new Error('login insert returned nothing');
      return join(tx, invitation, company, login);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(COMPANY.signInToAccept);
    throw error;
  }
}

/**
 * Whether a login may leave the company it founded to join another (decision 206): only when that
 * company is itself alone, with no other member, no pending invitation, and no lot, offer, order or
 * conversation, so nothing that belongs to a business is orphaned or merged.
 */
async function isCompanyOfOneWithNothing(tx: Db, loginId: string): Promise<boolean> {
  const [found] = await tx
    .select({
      founded: sql<boolean>`exists (select 1 from ${companies} where ${companies.id} = ${loginId})`,
      others: sql<boolean>`exists (select 1 from ${companyMembers} where ${companyMembers.companyId} = ${loginId} and ${companyMembers.userId} <> ${loginId})`,
      invitations: sql<boolean>`exists (select 1 from ${companyInvitations} where ${companyInvitations.companyId} = ${loginId} and ${companyInvitations.acceptedAt} is null and ${companyInvitations.revokedAt} is null and ${companyInvitations.expiresAt} > now())`,
      listings: sql<boolean>`exists (select 1 from ${listings} where ${listings.sellerId} = ${loginId})`,
      offers: sql<boolean>`exists (select 1 from ${offers} where ${offers.buyerId} = ${loginId} or ${offers.sellerId} = ${loginId})`,
      orders: sql<boolean>`exists (select 1 from ${orders} where ${orders.buyerId} = ${loginId} or ${orders.sellerId} = ${loginId})`,
      conversations: sql<boolean>`exists (select 1 from ${conversations} where ${conversations.ownerUserId} = ${loginId} or ${conversations.participantId} = ${loginId})`,
    })
    .from(sql`(select 1) as one`);
  if (!found) return false;
  return (
    found.founded &&
    !found.others &&
    !found.invitations &&
    !found.listings &&
    !found.offers &&
    !found.orders &&
    !found.conversations
  );
}

/**
 * Accepting while signed in: the login must be the invited address's, and either a member of no
 * company (removed from one) or the founder of a company of one with nothing in it, which is
 * dissolved (its saved searches, watchlist and unanswered wanted posts go with it; its profile row
 * stays, as a login only).
 */
export async function acceptAsSignedIn(ctx: AppContext, token: string, auth: SessionUser) {
  const login = auth.login;
  if (login.role === 'admin') throw new AppError('FORBIDDEN', COMPANY.adminCannotJoin);
  return ctx.database.db.transaction(async (tx) => {
    const invitation = await claimInvitation(tx, token);
    if (invitation.email !== login.email) throw new AppError('FORBIDDEN', COMPANY.invitationWrongAddress);
    if (auth.member) {
      if (auth.member.companyId !== login.id || !(await isCompanyOfOneWithNothing(tx, login.id))) {
        throw conflict(COMPANY.cannotJoin);
      }
      await tx.delete(savedSearches).where(eq(savedSearches.userId, login.id));
      await tx.delete(watchlistItems).where(eq(watchlistItems.userId, login.id));
      // An answered post has an offer, so the company is not empty; an unanswered one would stay on
      // the board under a business that no longer trades.
      await tx.delete(wantedPosts).where(eq(wantedPosts.buyerId, login.id));
      // Cascades to its one membership and its spent invitations.
      await tx.delete(companies).where(eq(companies.id, login.id));
    }
    const company = await companyOf(tx, invitation.companyId);
    const [joined] = await tx
      .update(users)
      .set({
        role: company.role,
        status: 'verified',
        emailVerified: true,
        lastLogin: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, login.id))
      .returning();
    if (!joined) throw new AppError('UNAUTHENTICATED', AUTH.signInRequired);
    // Sessions held for the old company end; the browser that accepted gets a new one.
    await endUserSessions(tx, login.id);
    return join(tx, invitation, company, joined);
  });
}

async function join(tx: Db, invitation: InvitationRow, company: UserRow, login: UserRow) {
  await tx
    .update(companyInvitations)
    .set({ acceptedAt: new Date(), acceptedBy: login.id })
    .where(eq(companyInvitations.id, invitation.id));
  await tx.insert(companyMembers).values({
    userId: login.id,
    companyId: company.id,
    role: invitation.role,
    addedBy: invitation.invitedBy,
  });
  await recordMemberAction(tx, login, company.id, 'company.join', login.email, {
    email: login.email,
    role: invitation.role,
  });
  return { token: await createSession(tx, login.id), login, company };
}

/** Pending invitations of a company, newest first. */
export function pendingInvitations(db: Db, companyId: string) {
  return db
    .select()
    .from(companyInvitations)
    .where(and(eq(companyInvitations.companyId, companyId), isPending()))
    .orderBy(desc(companyInvitations.createdAt));
}
