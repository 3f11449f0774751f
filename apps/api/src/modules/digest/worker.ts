import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sendWeeklyDigests } from './weekly-digest.ts';

// The digest's clock in the server: every WEEKLY_DIGEST_CHECK_MINUTES it sends whatever digests
// are due. Outside the slot's week nothing is due, so a tick is one indexed query that claims
// nobody; a server that was down at the slot catches up at its first tick after it (decision 158).

export function startDigestWorker(app: FastifyInstance): void {
  const ctx: AppContext = app.ctx;
  const { checkMs } = ctx.config.weeklyDigest;
  if (checkMs === 0) return;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = sendWeeklyDigests(ctx)
      .then((run) => {
        if (run.claimed > 0) ctx.log.info(run, 'weekly digests sent');
      })
      .catch((error) => ctx.log.error({ err: error }, 'weekly digest worker failed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, checkMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
    await running;
  });
}
