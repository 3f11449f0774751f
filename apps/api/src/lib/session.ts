import { and, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, type UserRow, users } from '../db/schema/index.ts';
import { hashToken } from './tokens.ts';

// What a live session is, in one place: the request's bearer token (http/access.ts) and the open
// message streams (messaging's event hub) are both checked against it. Creating and ending
// sessions belongs to the auth module; this file only reads.

/** The caller behind a request: the session and its account. */
export interface SessionUser {
  sessionId: string;
  user: UserRow;
}

/** A session row that has not expired (signing out and suspension delete or outlive it). */
const unexpired = (): SQL => gt(sessions.expiresAt, new Date());

/** The live session behind a bearer token, with its user, in one indexed lookup. */
export async function findSession(db: Db, token: string): Promise<SessionUser | null> {
  const [row] = await db
    .select({ sessionId: sessions.id, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), unexpired()))
    .limit(1);
  return row ?? null;
}

/** Which of the given sessions are live and belong to a verified account (one query). */
export async function liveVerifiedSessionIds(db: Db, sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.id, sessionIds), unexpired(), eq(users.status, 'verified')));
  return new Set(rows.map((row) => row.id));
}
