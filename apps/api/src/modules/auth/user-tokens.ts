import { RESET_LINK_TTL_MS } from '@canopy/shared';
import { and, count, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userTokens } from '../../db/schema/index.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';

export type TokenPurpose = 'verify_email' | 'reset_password' | 'change_email';

/** Every purpose: what an e-mail or password change retires (decision 061). */
export const ALL_TOKEN_PURPOSES: readonly TokenPurpose[] = ['verify_email', 'reset_password', 'change_email'];

/**
 * A verification link stays valid for 48 hours; a reset link for 1 hour (SPEC §9); a link that
 * confirms a new sign-in address for 24 hours, long enough to reach a mailbox, short enough that a
 * forgotten request does not linger.
 */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  verify_email: 48 * 60 * 60_000,
  reset_password: RESET_LINK_TTL_MS,
  change_email: 24 * 60 * 60_000,
};

/** Issues a token bound to the address it is mailed to. */
export async function issueUserToken(
  db: Db,
  userId: string,
  email: string,
  purpose: TokenPurpose,
): Promise<string> {
  const token = randomToken();
  await db.insert(userTokens).values({
    tokenHash: hashToken(token),
    userId,
    email,
    purpose,
    expiresAt: new Date(Date.now() + TOKEN_TTL_MS[purpose]),
  });
  return token;
}

export interface ConsumedToken {
  userId: string;
  /** The address the link was mailed to. */
  email: string;
}

/**
 * Uses a token up in one statement, so two simultaneous clicks cannot both succeed.
 * Returns its user and address, or null when it is unknown, used or expired.
 */
export async function consumeUserToken(
  db: Db,
  token: string,
  purpose: TokenPurpose,
): Promise<ConsumedToken | null> {
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
    .returning({ userId: userTokens.userId, email: userTokens.email });
  return row ?? null;
}

/**
 * Whose link this was, used or not, expired or not: for telling a link that already did its work
 * from one that never existed. Null for an unknown token.
 */
export async function findUserToken(
  db: Db,
  token: string,
  purpose: TokenPurpose,
): Promise<ConsumedToken | null> {
  const [row] = await db
    .select({ userId: userTokens.userId, email: userTokens.email })
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, hashToken(token)), eq(userTokens.purpose, purpose)));
  return row ?? null;
}

/** Retires a user's outstanding tokens of the given purposes, so older links stop working. */
export async function retireUserTokens(
  db: Db,
  userId: string,
  purposes: readonly TokenPurpose[],
): Promise<void> {
  await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userTokens.userId, userId),
        inArray(userTokens.purpose, [...purposes]),
        isNull(userTokens.usedAt),
      ),
    );
}

/** How many tokens of a purpose a user was issued since a moment: the basis of the mail quotas. */
export async function countTokensIssuedSince(
  db: Db,
  userId: string,
  purpose: TokenPurpose,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ issued: count() })
    .from(userTokens)
    .where(
      and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), gt(userTokens.createdAt, since)),
    );
  return row?.issued ?? 0;
}
