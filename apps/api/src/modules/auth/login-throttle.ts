import { and, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginThrottle } from '../../db/schema/index.ts';

// Failed sign-ins are counted twice in the database, so every API instance sees the same counts
// (decision 063): per account and source address, and per account from all addresses.
// - One address that keeps guessing is slowed down: after PAIR_FREE_FAILURES it waits a minute
//   before its next try, then twice as long after each further failure, up to 15 minutes.
// - Other addresses are untouched, so nobody can lock the owner (or the admin) out by guessing.
// - When an account collects ACCOUNT_ATTACK_FAILURES from all addresses in the window (a guess
//   spread over many addresses), every address that has failed on it once is slowed down.
export const PAIR_FREE_FAILURES = 5;
export const ACCOUNT_ATTACK_FAILURES = 20;
export const WINDOW_MINUTES = 15;
const FIRST_WAIT_MS = 60_000;
const LONGEST_WAIT_MS = WINDOW_MINUTES * 60_000;

const windowStart = () => new Date(Date.now() - WINDOW_MINUTES * 60_000);

/**
 * The source an address counts as: an IPv4 address itself, an IPv6 address by its /64 network,
 * since one subscriber line or server usually holds a whole /64 and could rotate through it.
 */
export function sourceOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('%')[0]?.split('::') ?? [];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = Math.max(0, 8 - headGroups.length - tailGroups.length);
  const groups = [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}

const pairKey = (email: string, address: string) => `pair:${email}|${sourceOf(address)}`;
const accountKey = (email: string) => `account:${email}`;

/** Failures a source may make before it is slowed down, given the account's total. */
const freeFailures = (accountFailures: number) =>
  accountFailures >= ACCOUNT_ATTACK_FAILURES ? 1 : PAIR_FREE_FAILURES;

const waitAfter = (pairFailures: number, accountFailures: number) => {
  const over = pairFailures - freeFailures(accountFailures);
  return over < 0 ? 0 : Math.min(FIRST_WAIT_MS * 2 ** over, LONGEST_WAIT_MS);
};

/** Seconds this address must wait before trying this account again; 0 when it may try now. */
export async function secondsToWait(db: Db, email: string, address: string): Promise<number> {
  const rows = await db
    .select()
    .from(loginThrottle)
    .where(
      and(
        inArray(loginThrottle.key, [pairKey(email, address), accountKey(email)]),
        gte(loginThrottle.windowStartedAt, windowStart()),
      ),
    );
  const pair = rows.find((row) => row.key === pairKey(email, address));
  const account = rows.find((row) => row.key === accountKey(email));
  if (!pair) return 0;
  const wait = waitAfter(pair.failures, account?.failures ?? 0);
  return Math.max(0, Math.ceil((pair.lastFailureAt.getTime() + wait - Date.now()) / 1000));
}

export interface FailureCount {
  pairFailures: number;
  accountFailures: number;
  /** This failure is the one that starts slowing the address down, or marks the account attacked. */
  startsSlowDown: boolean;
  startsAccountAttack: boolean;
  /** What the address now waits, in seconds. */
  waitSeconds: number;
}

async function countFailure(db: Db, key: string): Promise<number> {
  const expired = sql`${loginThrottle.windowStartedAt} < ${windowStart()}`;
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1 })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${expired} THEN now() ELSE ${loginThrottle.windowStartedAt} END`,
        lastFailureAt: sql`now()`,
      },
    })
    .returning({ failures: loginThrottle.failures });
  return row?.failures ?? 1;
}

/** Expired counts forgotten per failure: far more than the two each failure adds, so they never pile up. */
const PRUNE_BATCH = 500;

/**
 * Forgets counts that no longer slow anyone down: their window is over and so is the longest wait
 * since their last failure. Done on the way, by failures, so guesses at many made-up addresses
 * pay for their own clean-up and no sweeper is needed.
 */
async function forgetExpired(db: Db): Promise<void> {
  const longAgo = new Date(Date.now() - LONGEST_WAIT_MS);
  await db.execute(sql`
    DELETE FROM ${loginThrottle} WHERE ${loginThrottle.key} IN (
      SELECT ${loginThrottle.key} FROM ${loginThrottle}
      WHERE ${loginThrottle.windowStartedAt} < ${windowStart()} AND ${loginThrottle.lastFailureAt} < ${longAgo}
      LIMIT ${PRUNE_BATCH})`);
}

export async function recordFailure(db: Db, email: string, address: string): Promise<FailureCount> {
  await forgetExpired(db);
  const accountFailures = await countFailure(db, accountKey(email));
  const pairFailures = await countFailure(db, pairKey(email, address));
  return {
    pairFailures,
    accountFailures,
    startsSlowDown: pairFailures === freeFailures(accountFailures),
    startsAccountAttack: accountFailures === ACCOUNT_ATTACK_FAILURES,
    waitSeconds: Math.ceil(waitAfter(pairFailures, accountFailures) / 1000),
  };
}

/** A right password clears its address's count; the account's total stays for the window. */
export async function clearFailures(db: Db, email: string, address: string): Promise<void> {
  await db.delete(loginThrottle).where(inArray(loginThrottle.key, [pairKey(email, address)]));
}
