import { timingSafeEqual } from 'node:crypto';
import { API_KEY_PREFIX, type ApiKeyScope, ROLE_PERMISSIONS, scopePermissions } from '@canopy/shared';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { apiKeys, companyMembers, users } from '../db/schema/index.ts';
import type { SessionUser } from './session.ts';
import { hashToken } from './tokens.ts';

// A request signed with an API key (issue 24, decision 222). The key is `cnp_<prefix>_<secret>`:
// the prefix finds the row by its unique index, and the secret's SHA-256 is compared in constant
// time. The caller it yields is the key's company, acting through the member who created it, with
// only the permissions both the key's scopes and that member's role hold today. Creating and
// revoking keys belongs to the api-keys module; this file only reads (and marks the last use).

const makers = alias(users, 'makers');

const KEY_FORMAT = /^cnp_([a-z0-9]{12})_([A-Za-z0-9_-]{43})$/;

/** Whether a bearer token is meant as an API key (so a wrong one is refused as a key, not a session). */
export const looksLikeApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

/** The two parts of a well-formed key, or null. */
export function parseApiKey(token: string): { prefix: string; secret: string } | null {
  const match = KEY_FORMAT.exec(token);
  return match?.[1] && match[2] ? { prefix: match[1], secret: match[2] } : null;
}

/** The key behind a request, as the caller it acts as; null when it is unknown, expired or its maker left. */
export async function findApiKey(db: Db, token: string): Promise<SessionUser | null> {
  const parts = parseApiKey(token);
  if (!parts) return null;
  const [row] = await db
    .select({
      key: apiKeys,
      company: users,
      login: makers,
      role: companyMembers.role,
      orderLimit: companyMembers.orderLimit,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.companyId))
    .innerJoin(makers, eq(makers.id, apiKeys.createdBy))
    // The member who made it, still in that company: a key does not outlive its maker's place there.
    .innerJoin(
      companyMembers,
      and(eq(companyMembers.userId, apiKeys.createdBy), eq(companyMembers.companyId, apiKeys.companyId)),
    )
    .where(eq(apiKeys.prefix, parts.prefix))
    .limit(1);
  if (!row || !sameHash(row.key.secretHash, hashToken(parts.secret))) return null;
  if (row.key.expiresAt && row.key.expiresAt <= new Date()) return null;
  await markUsed(db, row.key);
  const rolePermissions = ROLE_PERMISSIONS[row.role];
  return {
    // No session row: the calls that read a session id (sign-out, password, streams) refuse keys.
    sessionId: `api-key:${row.key.id}`,
    user: row.company,
    login: row.login,
    member: {
      companyId: row.company.id,
      role: row.role,
      permissions: scopePermissions(row.key.scopes as ApiKeyScope[]).filter((permission) =>
        rolePermissions.includes(permission),
      ),
      orderLimit: row.orderLimit === null ? null : Number(row.orderLimit),
      // The company's second-factor rule is about people signing in; a key is a credential of its
      // own, made by a member who passed that rule when making it.
      requireTwoFactor: false,
    },
    apiKey: { id: row.key.id, name: row.key.name, prefix: row.key.prefix },
  };
}

function sameHash(stored: string, computed: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(computed, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

const USE_MARK_EVERY_MS = 60_000;

/** Records the key's last use when the stored one is a minute old or more: no write per request. */
async function markUsed(db: Db, key: { id: string; lastUsedAt: Date | null }): Promise<void> {
  if (key.lastUsedAt && Date.now() - key.lastUsedAt.getTime() < USE_MARK_EVERY_MS) return;
  // Conditional, so two requests in the same second write once.
  await db
    .update(apiKeys)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(apiKeys.id, key.id),
        sql`(${apiKeys.lastUsedAt} IS NULL OR ${apiKeys.lastUsedAt} < now() - interval '1 minute')`,
      ),
    );
}
