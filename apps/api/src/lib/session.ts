import type { CompanyRole, Permission } from '@canopy/shared';
import { ROLE_PERMISSIONS } from '@canopy/shared';
import { and, eq, gt, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { companies, companyMembers, sessions, type UserRow, users } from '../db/schema/index.ts';
import { hashToken } from './tokens.ts';

// What a live session is, in one place: the request's bearer token (http/access.ts) and the open
// message streams (messaging's event hub) are both checked against it. Creating and ending
// sessions belongs to the auth module; this file only reads.

/** The company a signed-in login acts for, and what its role lets it do there (decision 184). */
export interface Membership {
  companyId: string;
  role: CompanyRole;
  permissions: readonly Permission[];
  /** A purchasing member's ceiling per offer in dollars, or null for none. */
  orderLimit: number | null;
  /** The owner asks every member to sign in with a second factor. */
  requireTwoFactor: boolean;
}

/**
 * The caller behind a request. `user` is the business the caller acts for: the company's row,
 * whose id is the party id on every listing, offer, order and conversation, and whose role, status
 * and profile the access levels and SPEC's calls read. `login` is the person who signed in: their
 * own address, password, second factor and settings. For the founding owner (every company of one)
 * and for admins the two are the same row.
 */
export interface SessionUser {
  sessionId: string;
  user: UserRow;
  login: UserRow;
  /** Null for admins, who belong to no company. */
  member: Membership | null;
  /**
   * Set when the caller is an API key rather than a signed-in person (decision 222): `login` is then
   * the member who made the key, and `member.permissions` what its scopes allow of that member's role.
   */
  apiKey?: ApiKeyCaller;
}

/** The key a request came with, as the audit trail names it. */
export interface ApiKeyCaller {
  id: string;
  name: string;
  prefix: string;
}

/**
 * Whether the caller's company asks every member for a second factor and this login has none yet
 * (issue 28 item 6): such a member may only reach what signing in and enrolling need.
 */
export const owesSecondFactor = (auth: SessionUser): boolean =>
  auth.member?.requireTwoFactor === true && auth.login.twoFactorEnabledAt === null;

/** A session row that has not expired (signing out and suspension delete or outlive it). */
const unexpired = (): SQL => gt(sessions.expiresAt, new Date());

const logins = alias(users, 'logins');

/** The live session behind a bearer token, with its login, membership and company, in one indexed lookup. */
export async function findSession(db: Db, token: string): Promise<SessionUser | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      login: logins,
      company: users,
      role: companyMembers.role,
      orderLimit: companyMembers.orderLimit,
      requireTwoFactor: companies.requireTwoFactor,
    })
    .from(sessions)
    .innerJoin(logins, eq(logins.id, sessions.userId))
    .leftJoin(companyMembers, eq(companyMembers.userId, logins.id))
    .leftJoin(companies, eq(companies.id, companyMembers.companyId))
    .leftJoin(users, eq(users.id, companyMembers.companyId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), unexpired()))
    .limit(1);
  if (!row) return null;
  if (!row.role || !row.company) {
    // Admins belong to no company. A buyer or seller login without one has been removed from it.
    return row.login.role === 'admin'
      ? { sessionId: row.sessionId, user: row.login, login: row.login, member: null }
      : null;
  }
  return {
    sessionId: row.sessionId,
    user: row.company,
    login: row.login,
    member: {
      companyId: row.company.id,
      role: row.role,
      permissions: ROLE_PERMISSIONS[row.role],
      orderLimit: row.orderLimit === null ? null : Number(row.orderLimit),
      requireTwoFactor: row.requireTwoFactor ?? false,
    },
  };
}

/** Which of the given sessions are live and act for a verified company (one query). */
export async function liveVerifiedSessionIds(db: Db, sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(companyMembers, eq(companyMembers.userId, sessions.userId))
    .innerJoin(users, eq(users.id, companyMembers.companyId))
    .where(and(inArray(sessions.id, sessionIds), unexpired(), eq(users.status, 'verified')));
  return new Set(rows.map((row) => row.id));
}
