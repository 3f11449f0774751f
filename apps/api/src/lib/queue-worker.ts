import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';

// What the queue workers (the mail queue, the webhook dispatcher) do alike: claim due rows so that
// workers in several instances share the work without taking the same row, and run their passes
// one after another with a failing pass logged once rather than at every poll.

/** A queue table: rows wait as 'pending' until their next attempt is due. */
export type QueueTable = PgTable & { id: AnyPgColumn; status: AnyPgColumn; nextAttemptAt: AnyPgColumn };

/**
 * Takes up to `batch` pending rows due at `at` for this worker. FOR UPDATE SKIP LOCKED lets other
 * workers pass over them while the transaction runs, and moving their next attempt `leaseMs`
 * ahead keeps them away afterwards, until the lease ends (a worker that dies leaves them for later).
 */
export function claimDue<T extends QueueTable>(
  db: Db,
  table: T,
  at: Date,
  { batch, leaseMs }: { batch: number; leaseMs: number },
): Promise<T['$inferSelect'][]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(table as PgTable)
      .where(and(eq(table.status, 'pending'), lte(table.nextAttemptAt, at)))
      .orderBy(asc(table.nextAttemptAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (rows.length > 0) {
      await tx
        .update(table as PgTable)
        .set({ nextAttemptAt: new Date(at.getTime() + leaseMs) })
        .where(
          inArray(
            table.id,
            rows.map((row) => row.id as string),
          ),
        );
    }
    return rows as T['$inferSelect'][];
  });
}

export interface SerialPasses {
  /** Runs a pass after the one under way (if any) and resolves when it is done; `at` is read then. */
  run(at: () => Date): Promise<void>;
  /** Resolves when the last pass asked for is done (stopping waits for it). */
  settled(): Promise<void>;
}

/**
 * Runs `pass` one call after another, never side by side, within an instance. A failing pass (the
 * database is down) is logged once until a pass succeeds again, not at every poll; `worker` names
 * the worker in the log ("mail", "webhook").
 */
export function serialPasses(
  log: FastifyBaseLogger,
  worker: string,
  pass: (at: Date) => Promise<void>,
): SerialPasses {
  let last: Promise<void> = Promise.resolve();
  let failing = false;
  return {
    run(at) {
      last = last
        .then(() => pass(at()))
        .then(
          () => {
            if (failing) log.info(`${worker} worker working again`);
            failing = false;
          },
          (error) => {
            if (!failing) log.error({ err: error }, `${worker} worker pass failed; retrying at every poll`);
            failing = true;
          },
        );
      return last;
    },
    settled: () => last,
  };
}
