import { ADMIN, AUTH, COMPANY, TWO_FACTOR } from '@canopy/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { findSession, owesSecondFactor, type SessionUser } from '../lib/session.ts';
import type { Access } from './route-table.ts';

const BEARER = /^Bearer\s+(\S+)$/i;

/** The session behind the request's bearer token, or null (no token, unknown or expired). */
export async function authenticate(db: Db, request: FastifyRequest): Promise<SessionUser | null> {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match?.[1] || match[1].length > 200) return null;
  return findSession(db, match[1]);
}

/** Throws the 401/403 that the route's access level calls for; returns when the caller may pass. */
export function authorize(access: Access, auth: SessionUser | null): void {
  if (access === 'public') return;
  if (!auth) throw new AppError('UNAUTHENTICATED', AUTH.signInRequired);
  if (access === 'session') return;
  // A company that asks for a second factor: its members who have none may still sign in, read
  // their account and enrol (all 'session' routes), and nothing else until they do.
  if (owesSecondFactor(auth)) throw new AppError('FORBIDDEN', COMPANY.twoFactorRequired);
  const { user } = auth;
  if (access === 'admin' && user.role !== 'admin') throw new AppError('FORBIDDEN', ADMIN.accessDenied);
  // An admin can change anyone's account: a password alone is not enough (decision 195).
  if (access === 'admin' && user.twoFactorEnabledAt === null) {
    throw new AppError('FORBIDDEN', TWO_FACTOR.adminMustEnrol);
  }
  if (user.status !== 'verified') throw new AppError('FORBIDDEN', AUTH.notVerified);
  if (access !== 'verified' && user.role !== access) throw new AppError('FORBIDDEN', AUTH.forbidden);
}
