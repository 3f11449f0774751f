import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import { publish } from '../messaging/index.ts';

/** A bearer token lasts 30 days from sign-in (decision 003). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;

export async function createSession(db: Db, userId: string): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({
    id: uuidv7(),
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return token;
}

// Ending sessions is the one place that also ends what those sessions hold open (decision 064):
// the notification goes out with the transaction's commit, and every API instance closes the
// user's live streams whose session is gone at once, instead of at its next heartbeat.

export async function endSession(db: Db, sessionId: string): Promise<void> {
  const [ended] = await db
    .delete(sessions)
    .where(eq(sessions.id, sessionId))
    .returning({ userId: sessions.userId });
  if (ended) await publish(db, { type: 'sessions-ended', userId: ended.userId });
}

/** Ends every session of a user, or every one but the session that asked. */
export async function endUserSessions(db: Db, userId: string, keepSessionId?: string): Promise<void> {
  const mine = eq(sessions.userId, userId);
  await db.delete(sessions).where(keepSessionId ? and(mine, ne(sessions.id, keepSessionId)) : mine);
  await publish(db, { type: 'sessions-ended', userId });
}
