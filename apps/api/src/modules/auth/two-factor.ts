import { randomBytes } from 'node:crypto';
import {
  AUTH,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_ISSUER,
  TOTP_STEP_SECONDS,
  TOTP_WINDOW_STEPS,
  TWO_FACTOR,
  TWO_FACTOR_CHALLENGE_TTL_MS,
} from '@canopy/shared';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { recoveryCodes, twoFactorChallenges, type UserRow, users } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import { base32Encode, matchTotp, newTotpSecret, otpauthUrl } from '../../lib/totp.ts';
import { clearFailures, recordFailure, secondsToWait } from './login-throttle.ts';
import { createSession } from './sessions.ts';

// Two-factor sign-in with an authenticator app (decision 195). The key is made by the set-up and
// used only once the first code from the app proves the app holds it. Signing in with a right
// password then answers a challenge token instead of a session; the token and a code (or a
// recovery code) make the session. Wrong codes are counted by the sign-in throttle, under a key
// of their own, so six guesses a minute per address is all anyone gets.

export const isTwoFactorOn = (user: Pick<UserRow, 'twoFactorEnabledAt'>) => user.twoFactorEnabledAt !== null;

/** The throttle's name for an account's second factor: never an e-mail address, so never shared. */
const throttleKey = (userId: string) => `2fa:${userId}`;

/** Recovery codes as people read them: ten base32 characters in two groups ("k3mq7-x2pda"). */
function newRecoveryCode(): string {
  const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

/** A recovery code as typed: any case, with or without its dash and spaces. */
const recoveryCodeHash = (code: string) => hashToken(code.toLowerCase().replace(/[\s-]/g, ''));

/** The TOTP step the code proves for this user, or null; a step is never accepted twice. */
function totpStepOf(user: UserRow, code: string, secret = user.twoFactorSecret): number | null {
  if (!secret) return null;
  return matchTotp({
    secret,
    code: code.replace(/\s/g, ''),
    now: Date.now(),
    digits: TOTP_DIGITS,
    stepSeconds: TOTP_STEP_SECONDS,
    windowSteps: TOTP_WINDOW_STEPS,
    lastUsedStep: user.twoFactorLastStep,
  });
}

/**
 * Whether the code is a current TOTP code or an unused recovery code of the user; spends it when it
 * is. Runs in the caller's transaction, with the user's row locked, so two requests cannot spend
 * one code.
 */
async function spendCode(tx: Db, userId: string, code: string): Promise<boolean> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user || !isTwoFactorOn(user)) return false;
  const step = totpStepOf(user, code);
  if (step !== null) {
    await tx.update(users).set({ twoFactorLastStep: step }).where(eq(users.id, userId));
    return true;
  }
  const [spent] = await tx
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, recoveryCodeHash(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ userId: recoveryCodes.userId });
  return spent !== undefined;
}

/** Refuses while the account's code guesses from this address are slowed down. */
async function assertNotThrottled(db: Db, userId: string, address: string) {
  const wait = await secondsToWait(db, throttleKey(userId), address);
  if (wait > 0)
    throw new AppError('RATE_LIMITED', TWO_FACTOR.wait(wait), {
      code: 'two_factor_slowed',
      retryAfter: wait,
    });
}

/** Checks and spends a code for an action of the signed-in user; a wrong one counts as a guess. */
async function requireCode(ctx: AppContext, userId: string, code: string, address: string) {
  const { db } = ctx.database;
  await assertNotThrottled(db, userId, address);
  const ok = await db.transaction((tx) => spendCode(tx, userId, code));
  if (!ok) {
    await recordFailure(db, throttleKey(userId), address);
    throw badRequest(TWO_FACTOR.codeInvalid);
  }
  await clearFailures(db, throttleKey(userId), address);
}

/** Starts (or restarts) the set-up: a new key, shown once, that waits for its first code. */
export async function startTwoFactorSetup(ctx: AppContext, user: UserRow) {
  if (isTwoFactorOn(user)) throw conflict(TWO_FACTOR.alreadyEnabled);
  const secret = newTotpSecret();
  await ctx.database.db
    .update(users)
    .set({ twoFactorSecret: secret, twoFactorLastStep: null })
    .where(and(eq(users.id, user.id), isNull(users.twoFactorEnabledAt)));
  return { secret, otpauthUrl: otpauthUrl(TOTP_ISSUER, user.email, secret, TOTP_DIGITS, TOTP_STEP_SECONDS) };
}

/** Turns two-factor sign-in on with the app's first code; answers the recovery codes, shown once. */
export async function enableTwoFactor(ctx: AppContext, userId: string, code: string, address: string) {
  const { db } = ctx.database;
  await assertNotThrottled(db, userId, address);
  const result = await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError('UNAUTHENTICATED', AUTH.signInRequired);
    if (isTwoFactorOn(user)) throw conflict(TWO_FACTOR.alreadyEnabled);
    if (!user.twoFactorSecret) throw badRequest(TWO_FACTOR.setupFirst);
    const step = totpStepOf(user, code);
    if (step === null) return null;
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx
      .update(users)
      .set({ twoFactorEnabledAt: new Date(), twoFactorLastStep: step })
      .where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((one) => ({ userId, codeHash: recoveryCodeHash(one) })));
    return codes;
  });
  if (!result) {
    await recordFailure(db, throttleKey(userId), address);
    throw badRequest(TWO_FACTOR.codeInvalid);
  }
  await clearFailures(db, throttleKey(userId), address);
  return result;
}

/** Turns it off: needs the password and a code, so a borrowed open session is not enough. */
export async function disableTwoFactor(
  ctx: AppContext,
  user: UserRow,
  input: { password: string; code: string },
  address: string,
) {
  if (!isTwoFactorOn(user)) throw conflict(TWO_FACTOR.notEnabled);
  if (!(await verifyPassword(user.passwordHash, input.password))) throw badRequest(AUTH.currentPasswordWrong);
  await requireCode(ctx, user.id, input.code, address);
  await ctx.database.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ twoFactorSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null })
      .where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  });
}

/**
 * The refusal a right password gets when a code is still needed: it carries a token, good for
 * TWO_FACTOR_CHALLENGE_TTL_MS, that POST /auth/2fa/verify takes with the code.
 */
export async function twoFactorChallengeFor(db: Db, userId: string): Promise<AppError> {
  const token = randomToken();
  await db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, new Date()));
  await db.insert(twoFactorChallenges).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + TWO_FACTOR_CHALLENGE_TTL_MS),
  });
  return new AppError('UNAUTHENTICATED', TWO_FACTOR.codeNeeded, {
    requiresTwoFactor: true,
    twoFactorToken: token,
  });
}

/** Finishes a sign-in: the challenge token and a code make a session (the token is then spent). */
export async function verifyTwoFactor(ctx: AppContext, token: string, code: string, address: string) {
  const { db } = ctx.database;
  const tokenHash = hashToken(token);
  const [challenge] = await db
    .select()
    .from(twoFactorChallenges)
    .where(and(eq(twoFactorChallenges.tokenHash, tokenHash), gt(twoFactorChallenges.expiresAt, new Date())));
  if (!challenge) throw new AppError('UNAUTHENTICATED', TWO_FACTOR.challengeExpired);
  await assertNotThrottled(db, challenge.userId, address);
  const session = await db.transaction(async (tx) => {
    if (!(await spendCode(tx, challenge.userId, code))) return null;
    const [spent] = await tx
      .delete(twoFactorChallenges)
      .where(eq(twoFactorChallenges.tokenHash, tokenHash))
      .returning();
    if (!spent) throw new AppError('UNAUTHENTICATED', TWO_FACTOR.challengeExpired);
    const [signedIn] = await tx
      .update(users)
      .set({ lastLogin: new Date() })
      .where(eq(users.id, challenge.userId))
      .returning();
    if (!signedIn) throw new AppError('UNAUTHENTICATED', TWO_FACTOR.challengeExpired);
    return { token: await createSession(tx, signedIn.id), user: signedIn };
  });
  if (!session) {
    await recordFailure(db, throttleKey(challenge.userId), address);
    throw new AppError('UNAUTHENTICATED', TWO_FACTOR.codeInvalid);
  }
  await clearFailures(db, throttleKey(challenge.userId), address);
  return session;
}
