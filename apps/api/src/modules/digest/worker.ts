import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { periodicTask, runWithApp } from '../../lib/periodic-task.ts';
import { sendWeeklyDigests } from './weekly-digest.ts';

// The digest's clock in the server: every WEEKLY_DIGEST_CHECK_SECONDS it sends whatever digests
// are due. Outside the slot's week nothing is due, so a tick is one indexed query that claims
// nobody; a server that was down at the slot catches up at its first tick after it (decision 158).

export function startDigestWorker(app: FastifyInstance): void {
  const ctx: AppContext = app.ctx;
  const task = periodicTask({
    log: ctx.log,
    intervalMs: ctx.config.weeklyDigest.checkMs,
    failure: 'weekly digest worker failed',
    run: async () => {
      const run = await sendWeeklyDigests(ctx);
      if (run.claimed > 0) ctx.log.info(run, 'weekly digests sent');
    },
  });
  runWithApp(app, task);
}
