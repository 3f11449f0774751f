import { randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_KEYS,
  API_KEYS_PER_COMPANY,
  type ApiKeyCreated,
  type ApiKeyDto,
  type ApiKeyScope,
} from '@canopy/shared';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys, companies, users } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import { type MemberCaller, recordMemberAction } from '../companies/index.ts';

// A company's API keys (issue 24, decision 222): made, listed and revoked by an owner or manager
// (company:manage, checked by the route table). The secret leaves the server once, in the answer
// that creates the key; only its SHA-256 is kept.

const PREFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Twelve random letters and digits: the public part that finds the key's row. */
function newPrefix(): string {
  return [...randomBytes(12)].map((byte) => PREFIX_ALPHABET[byte % PREFIX_ALPHABET.length]).join('');
}

export async function createApiKey(
  db: Db,
  caller: MemberCaller,
  input: { name: string; scopes: ApiKeyScope[]; expiresAt?: string | null | undefined },
): Promise<ApiKeyCreated> {
  const companyId = caller.member.companyId;
  const prefix = newPrefix();
  const secret = randomToken();
  const id = uuidv7();
  await db.transaction(async (tx) => {
    // One at a time per company, so two creations cannot both pass the count.
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
    const [kept] = await tx.select({ n: count() }).from(apiKeys).where(eq(apiKeys.companyId, companyId));
    if ((kept?.n ?? 0) >= API_KEYS_PER_COMPANY) throw conflict(API_KEYS.limitReached);
    await tx.insert(apiKeys).values({
      id,
      companyId,
      name: input.name,
      scopes: input.scopes,
      prefix,
      secretHash: hashToken(secret),
      createdBy: caller.login.id,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
    });
    await recordMemberAction(tx, caller.login, companyId, 'company.api_key_create', input.name, {
      prefix,
      scopes: input.scopes,
      expiresAt: input.expiresAt ?? null,
    });
  });
  const whole = `${API_KEY_PREFIX}${prefix}_${secret}`;
  return { _id: id, name: input.name, scopes: input.scopes, prefix, secret: whole };
}

export async function listApiKeys(db: Db, companyId: string): Promise<ApiKeyDto[]> {
  const rows = await db
    .select({ key: apiKeys, maker: { id: users.id, contactName: users.contactName, email: users.email } })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.companyId, companyId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(({ key, maker }) => ({
    _id: key.id,
    name: key.name,
    scopes: key.scopes as ApiKeyScope[],
    prefix: key.prefix,
    createdAt: key.createdAt.toISOString(),
    expiresAt: key.expiresAt?.toISOString() ?? null,
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    createdBy: maker ? { userId: maker.id, contactName: maker.contactName ?? '', email: maker.email } : null,
  }));
}

/** Deletes the key: the next request with it finds no row, so revocation is immediate. */
export async function revokeApiKey(db: Db, caller: MemberCaller, id: string): Promise<void> {
  const companyId = caller.member.companyId;
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.companyId, companyId)))
      .returning({ name: apiKeys.name, prefix: apiKeys.prefix });
    if (!gone) throw notFound(API_KEYS.notFound);
    await recordMemberAction(tx, caller.login, companyId, 'company.api_key_revoke', gone.name, {
      prefix: gone.prefix,
    });
  });
}
