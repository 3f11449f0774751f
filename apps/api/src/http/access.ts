import {
  ADMIN,
  API_KEYS,
  AUTH,
  COMPANY,
  KEY_PERMISSIONS,
  roleForbids,
  roleMay,
  scopeForbids,
  TWO_FACTOR,
} from '@canopy/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { findApiKey, looksLikeApiKey } from '../lib/api-key-auth.ts';
import { AppError } from '../lib/errors.ts';
import { findSession, owesSecondFactor, type SessionUser } from '../lib/session.ts';
import { permissionFor, type RoutePermission } from './route-permissions.ts';
import type { Access } from './route-table.ts';

const BEARER = /^Bearer\s+(\S+)$/i;

const bearerToken = (request: FastifyRequest): string | null => {
  const match = BEARER.exec(request.headers.authorization ?? '');
  return match?.[1] && match[1].length <= 200 ? match[1] : null;
};

/** Whether the request presents an API key (`cnp_…`), valid or not. */
export const presentsApiKey = (request: FastifyRequest): boolean => {
  const token = bearerToken(request);
  return token !== null && looksLikeApiKey(token);
};

/**
 * The caller behind the request's bearer token: a session, or an API key (decision 222); null
 * when there is no token or it is unknown, expired or revoked.
 */
export async function authenticate(db: Db, request: FastifyRequest): Promise<SessionUser | null> {
  const token = bearerToken(request);
  if (!token) return null;
  return looksLikeApiKey(token) ? findApiKey(db, token) : findSession(db, token);
}

/**
 * The caller a route's handler sees. A public call serves anyone, and a key identifies nobody
 * there (accepting an invitation, say, is the person's own act); a key that is not valid is
 * refused as such (401) wherever it is sent, rather than served as a stranger.
 */
export function callerFor(
  access: Access,
  auth: SessionUser | null,
  request: FastifyRequest,
): SessionUser | null {
  if (auth?.apiKey) return access === 'public' ? null : auth;
  if (!auth && presentsApiKey(request)) throw new AppError('UNAUTHENTICATED', API_KEYS.invalid);
  return auth;
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

/**
 * A member's role against the route's permission; the side is the company's (its founding row's
 * role). A key holds only what its scopes grant (decision 222): a route that needs no permission
 * (the person's sign-in, password, second factor, the company's own page) is never a key's.
 */
function authorizeRole({ user, member, apiKey }: SessionUser, needed: RoutePermission): void {
  if (!member || user.role === 'admin') return;
  const permission = permissionFor(needed, user.role === 'seller' ? 'seller' : 'buyer');
  if (apiKey) {
    if (!permission || !KEY_PERMISSIONS.includes(permission))
      throw new AppError('FORBIDDEN', API_KEYS.notForKeys);
    if (!member.permissions.includes(permission)) {
      throw new AppError('FORBIDDEN', scopeForbids(permission), { code: 'api_key_scope_missing' });
    }
    return;
  }
  if (permission && !roleMay(member.role, permission)) {
    throw new AppError('FORBIDDEN', roleForbids(member.role, permission));
  }
}
