import { createHash } from 'node:crypto';
import { IDEMPOTENCY, IDEMPOTENCY_WINDOW_HOURS } from '@canopy/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError, conflict } from '../lib/errors.ts';
import { idempotencyKey } from '../lib/idempotency-key.ts';
import { periodicTask, runWithApp } from '../lib/periodic-task.ts';

// Idempotency-Key on the calls a retry must not repeat (decision 223): a route declares
// `idempotent: true` and the route table does the rest. The first request under a key claims it
// (a row keyed by company and key, holding a digest of the request); the answer it gives is kept
// on the row; the same request again within 24 hours gets that answer back without acting. The
// same key on another request is a 422; a duplicate sent while the first still runs waits for its
// answer (3 seconds at most, then 409). A request that fails gives its key back, so the client may
// retry it.

const WINDOW = sql.raw(`interval '${IDEMPOTENCY_WINDOW_HOURS} hours'`);

/** JSON with its object keys sorted, so the same body spelled in another order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What makes two requests the same: the route, its path parameters and its body. */
const digestOf = (routeKey: string, request: FastifyRequest) =>
  createHash('sha256')
    .update(canonical({ route: routeKey, params: request.params, body: request.body }))
    .digest('hex');

type Claim = { run: true } | { run: false; statusCode: number; response: unknown };

/** How long a duplicate waits for the first request's answer before it is told to try again. */
const WAIT_FOR_FIRST_MS = 3_000;
const WAIT_STEP_MS = 25;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Claims the key for this request, or finds what an earlier request under it answered. */
async function claim(db: Db, companyId: string, key: string, digest: string): Promise<Claim> {
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values({ companyId, key, requestDigest: digest })
    // A row past the window is free again: it is taken over as if it were not there.
    .onConflictDoUpdate({
      target: [idempotencyKeys.companyId, idempotencyKeys.key],
      set: { requestDigest: digest, statusCode: null, response: null, createdAt: sql`now()` },
      setWhere: sql`${idempotencyKeys.createdAt} < now() - ${WINDOW}`,
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed) return { run: true };
  // The key is taken: by another request, or by this one's first try still running (a retry sent
  // while the answer was on its way). That one is waited for, briefly, as a single request would be.
  for (let waited = 0; ; waited += WAIT_STEP_MS) {
    const [earlier] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.companyId, companyId), eq(idempotencyKeys.key, key)));
    // Gone: its request failed and gave the key back just now; this one may claim it again.
    if (!earlier) return claim(db, companyId, key, digest);
    if (earlier.requestDigest !== digest) throw new AppError('UNPROCESSABLE', IDEMPOTENCY.keyReused);
    if (earlier.statusCode !== null) {
      return { run: false, statusCode: earlier.statusCode, response: earlier.response };
    }
    if (waited >= WAIT_FOR_FIRST_MS) throw conflict(IDEMPOTENCY.inProgress);
    await pause(WAIT_STEP_MS);
  }
}

const keyOf = (companyId: string, key: string) =>
  and(eq(idempotencyKeys.companyId, companyId), eq(idempotencyKeys.key, key));

/**
 * Runs `act` once per company and Idempotency-Key: a request without the header just runs. A replay
 * answers the stored status and body; `replayed` tells the caller that nothing was done.
 */
export async function answerOnce(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  companyId: string,
  routeKey: string,
  act: () => Promise<unknown>,
): Promise<{ result: unknown; replayed: boolean }> {
  const key = idempotencyKey(request.headers['idempotency-key']);
  if (!key) return { result: await act(), replayed: false };
  const found = await claim(db, companyId, key, digestOf(routeKey, request));
  if (!found.run) {
    reply.status(found.statusCode).header('idempotent-replayed', 'true');
    return { result: found.response, replayed: true };
  }
  let result: unknown;
  try {
    result = await act();
  } catch (error) {
    await db.delete(idempotencyKeys).where(keyOf(companyId, key));
    throw error;
  }
  await db
    .update(idempotencyKeys)
    .set({ statusCode: reply.statusCode, response: result })
    .where(keyOf(companyId, key));
  return { result, replayed: false };
}

/** Deletes the keys past their window (a claim takes such a row over anyway); answers how many. */
export async function sweepExpiredIdempotencyKeys(db: Db): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.createdAt} < now() - ${WINDOW}`)
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}

const SWEEP_EVERY_MS = 60 * 60_000;

/** Keeps the table to about a day of requests: an hourly sweep by the created_at index. */
export function startIdempotencySweep(app: FastifyInstance): void {
  const task = periodicTask({
    log: app.log,
    intervalMs: SWEEP_EVERY_MS,
    failure: 'idempotency key sweep failed',
    run: () => sweepExpiredIdempotencyKeys(app.ctx.database.db),
  });
  runWithApp(app, task);
}
