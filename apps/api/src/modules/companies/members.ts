import { COMPANY, type CompanyDto, type CompanyMemberDto, type CompanyRole, roleMay } from '@canopy/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companyMembers, users } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { endUserSessions } from '../auth/index.ts';
import { publish } from '../messaging/index.ts';
import { recordMemberAction } from './activity.ts';
import { pendingInvitations, presentInvitation } from './invitations.ts';
import { companyLicenses } from './licenses.ts';
import type { MemberCaller } from './membership.ts';
import { setOrderLimit } from './order-limits.ts';

// Members and their roles (issue 28 items 2-3). Changes take the company's row lock first, so two
// owners demoting each other at once cannot leave the company without one.

export async function companyMembersOf(db: Db, companyId: string): Promise<CompanyMemberDto[]> {
  const rows = await db
    .select({ member: companyMembers, login: users })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(asc(companyMembers.addedAt), asc(companyMembers.userId));
  return rows.map(({ member, login }) => ({
    userId: login.id,
    email: login.email,
    contactName: login.contactName,
    role: member.role,
    twoFactor: login.twoFactorEnabledAt !== null,
    addedAt: member.addedAt.toISOString(),
    orderLimit: member.orderLimit === null ? null : Number(member.orderLimit),
  }));
}

/** GET /company: what any member sees; invitations only for those who manage. */
export async function companyView(db: Db, auth: MemberCaller): Promise<CompanyDto> {
  const { companyId, role, permissions } = auth.member;
  const manages = roleMay(role, 'company:manage');
  const [licenses, members, invitations] = await Promise.all([
    companyLicenses(db, companyId),
    companyMembersOf(db, companyId),
    manages ? pendingInvitations(db, companyId) : Promise.resolve([]),
  ]);
  return {
    company: {
      _id: companyId,
      name: auth.user.businessName,
      licenses: licenses.map(({ id, licenseNumber, licenseType, address, status, main }) => ({
        _id: id,
        licenseNumber,
        licenseType,
        address,
        status,
        main,
      })),
      requireTwoFactor: auth.member.requireTwoFactor,
    },
    members,
    invitations: invitations.map(presentInvitation),
    me: { userId: auth.login.id, role, permissions: [...permissions] },
  };
}

async function lockCompany(tx: Db, companyId: string): Promise<void> {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
}

async function findMember(tx: Db, companyId: string, userId: string) {
  const [row] = await tx
    .select({ role: companyMembers.role, email: users.email, orderLimit: companyMembers.orderLimit })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .limit(1);
  if (!row) throw notFound(COMPANY.memberNotFound);
  return row;
}

async function ownerCount(tx: Db, companyId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'owner')));
  return row?.n ?? 0;
}

/** Only owners touch owners: making one, changing one's role or removing one. */
function assertMayTouch(auth: MemberCaller, currentRole: CompanyRole, newRole: CompanyRole | null): void {
  const touchesOwner = currentRole === 'owner' || newRole === 'owner';
  if (touchesOwner && !roleMay(auth.member.role, 'company:own')) {
    throw new AppError('FORBIDDEN', COMPANY.onlyOwnersTouchOwners);
  }
}

/** The last owner cannot stop being one. */
async function assertOwnerRemains(tx: Db, companyId: string, currentRole: CompanyRole): Promise<void> {
  if (currentRole === 'owner' && (await ownerCount(tx, companyId)) <= 1) throw conflict(COMPANY.lastOwner);
}

export async function changeRole(
  db: Db,
  auth: MemberCaller,
  userId: string,
  role: CompanyRole,
  orderLimit?: number | null,
) {
  const companyId = auth.member.companyId;
  await db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const target = await findMember(tx, companyId, userId);
    assertMayTouch(auth, target.role, role);
    if (target.role !== role) {
      if (role !== 'owner') await assertOwnerRemains(tx, companyId, target.role);
      // A limit belongs to a purchasing member (decision 204); another role leaves it behind.
      const limitGoes = role !== 'purchasing' && target.orderLimit !== null;
      await tx
        .update(companyMembers)
        .set(limitGoes ? { role, orderLimit: null } : { role })
        .where(eq(companyMembers.userId, userId));
      await recordMemberAction(
        tx,
        auth.login,
        companyId,
        'company.role',
        target.email,
        { userId, role },
        { role: target.role },
      );
    }
    const before = target.orderLimit === null ? null : Number(target.orderLimit);
    if (orderLimit === undefined || orderLimit === before) return;
    await setOrderLimit(tx, companyId, userId, orderLimit);
    await recordMemberAction(
      tx,
      auth.login,
      companyId,
      'company.order_limit',
      target.email,
      { userId, orderLimit },
      { orderLimit: before },
    );
  });
}

/**
 * Removes a member: the membership goes, and with it every session of theirs and every message
 * stream those sessions hold open, at once (the hub keys streams by the company they act for).
 */
export async function removeMember(db: Db, auth: MemberCaller, userId: string): Promise<void> {
  const companyId = auth.member.companyId;
  await db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const target = await findMember(tx, companyId, userId);
    assertMayTouch(auth, target.role, null);
    await assertOwnerRemains(tx, companyId, target.role);
    await tx.delete(companyMembers).where(eq(companyMembers.userId, userId));
    await endUserSessions(tx, userId);
    await publish(tx, { type: 'sessions-ended', userId: companyId });
    await recordMemberAction(
      tx,
      auth.login,
      companyId,
      'company.remove',
      target.email,
      { userId },
      { role: target.role },
    );
  });
}

/**
 * Hands the company over (decision 206): the member named becomes an owner and the owner who asks
 * becomes a manager, in one step, so the company has an owner throughout.
 */
export async function transferOwnership(db: Db, auth: MemberCaller, userId: string): Promise<void> {
  const companyId = auth.member.companyId;
  if (userId === auth.login.id) throw conflict(COMPANY.transferToSelf);
  await db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const target = await findMember(tx, companyId, userId);
    await tx.update(companyMembers).set({ role: 'owner' }).where(eq(companyMembers.userId, userId));
    await tx.update(companyMembers).set({ role: 'manager' }).where(eq(companyMembers.userId, auth.login.id));
    await recordMemberAction(
      tx,
      auth.login,
      companyId,
      'company.transfer',
      target.email,
      { userId, role: 'owner', previousOwnerRole: 'manager' },
      { role: target.role },
    );
  });
}

/** An owner asks every member to sign in with a second factor, or stops asking. */
export async function setRequireTwoFactor(db: Db, auth: MemberCaller, requireTwoFactor: boolean) {
  const companyId = auth.member.companyId;
  await db.transaction(async (tx) => {
    await tx.update(companies).set({ requireTwoFactor }).where(eq(companies.id, companyId));
    await recordMemberAction(
      tx,
      auth.login,
      companyId,
      'company.security',
      auth.user.businessName,
      { requireTwoFactor },
      { requireTwoFactor: auth.member.requireTwoFactor },
    );
  });
}
