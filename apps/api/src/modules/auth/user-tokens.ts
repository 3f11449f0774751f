import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userTokens } from '../../db/schema/index.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';

export type TokenPurpose = 'verify_email' | 'reset_password';

/** A verification link stays valid for 48 hours; a reset link for 1 hour (SPEC §9). */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  verify_email: 48 * 60 * 60_000,
  reset_password: 60 * 60_000,
};

export async function issueUserToken(db: Db, userId: string, purpose: TokenPurpose): Promise<string> {
  const token = randomToken();
  await db.insert(userTokens).values({
    tokenHash: hashToken(token),
    userId,
    purpose,
    expiresAt: new Date(Date.now() + TOKEN_TTL_MS[purpose]),
  });
  return token;
}

/**
 * Uses a token up in one statement, so two simultaneous clicks cannot both succeed.
 * Returns the user it belongs to, or null when it is unknown, used or expired.
 */
export async function consumeUserToken(db: Db, token: string, purpose: TokenPurpose): Promise<string | null> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: userTokens.userId });
  return row?.userId ?? null;
}

/** Retires a user's other outstanding tokens of a purpose (after a reset, older links must die). */
export async function retireUserTokens(db: Db, userId: string, purpose: TokenPurpose): Promise<void> {
  await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
}
