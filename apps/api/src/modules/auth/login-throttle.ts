import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginThrottle } from '../../db/schema/index.ts';

// Failed sign-ins are counted per e-mail address in the database, so every API instance sees the
// same count: after MAX_FAILURES within the window, further attempts wait for the window to pass.
export const MAX_FAILURES = 5;
export const WINDOW_MINUTES = 15;

const windowStart = () => new Date(Date.now() - WINDOW_MINUTES * 60_000);

export async function isThrottled(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ failures: loginThrottle.failures })
    .from(loginThrottle)
    .where(and(eq(loginThrottle.key, email), gte(loginThrottle.windowStartedAt, windowStart())));
  return (row?.failures ?? 0) >= MAX_FAILURES;
}

export async function recordFailure(db: Db, email: string): Promise<void> {
  const expired = sql`${loginThrottle.windowStartedAt} < ${windowStart()}`;
  await db
    .insert(loginThrottle)
    .values({ key: email, failures: 1 })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`CASE WHEN ${expired} THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${expired} THEN now() ELSE ${loginThrottle.windowStartedAt} END`,
      },
    });
}

export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, email));
}
