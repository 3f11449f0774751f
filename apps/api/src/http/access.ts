import { ADMIN, AUTH, COMPANY, roleForbids, roleMay, TWO_FACTOR } from '@canopy/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { findSession, owesSecondFactor, type SessionUser } from '../lib/session.ts';
import { permissionFor, type RoutePermission } from './route-permissions.ts';
import type { Access } from './route-table.ts';

const BEARER = /^Bearer\s+(\S+)$/i;

/** The session behind the request's bearer token, or null (no token, unknown or expired). */
export async function authenticate(db: Db, request: FastifyRequest): Promise<SessionUser | null> {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match?.[1] || match[1].length > 200) return null;
  return findSession(db, match[1]);
}

/**
 * Throws the 401/403 that the route's access level calls for, then the 403 for a company member
 * whose role lacks the permission the route needs (route-permissions.ts); returns when the caller
 * may pass. Admins belong to no company, and public routes serve anyone, so neither is asked.
 */
export function authorize(access: Access, auth: SessionUser | null, needed: RoutePermission = null): void {
  if (access === 'public') return;
  if (!auth) throw new AppError('UNAUTHENTICATED', AUTH.signInRequired);
  if (access !== 'session') {
    // A company that asks for a second factor: its members who have none may still sign in, read
    // their account and enrol (all 'session' routes), and nothing else until they do.
    if (owesSecondFactor(auth)) throw new AppError('FORBIDDEN', COMPANY.twoFactorRequired);
    authorizeAccess(access, auth.user);
  }
  authorizeRole(auth, needed);
}

/** The access levels beyond a session: verified, of one side, or an enrolled admin. */
function authorizeAccess(access: Exclude<Access, 'public' | 'session'>, user: SessionUser['user']): void {
  if (access === 'admin' && user.role !== 'admin') throw new AppError('FORBIDDEN', ADMIN.accessDenied);
  // An admin can change anyone's account: a password alone is not enough (decision 195).
  if (access === 'admin' && user.twoFactorEnabledAt === null) {
    throw new AppError('FORBIDDEN', TWO_FACTOR.adminMustEnrol);
  }
  if (user.status !== 'verified') throw new AppError('FORBIDDEN', AUTH.notVerified);
  if (access !== 'verified' && user.role !== access) throw new AppError('FORBIDDEN', AUTH.forbidden);
}

/** A member's role against the route's permission; the side is the company's (its founding row's role). */
function authorizeRole({ user, member }: SessionUser, needed: RoutePermission): void {
  if (!member || user.role === 'admin') return;
  const permission = permissionFor(needed, user.role === 'seller' ? 'seller' : 'buyer');
  if (permission && !roleMay(member.role, permission)) {
    throw new AppError('FORBIDDEN', roleForbids(member.role, permission));
  }
}
