import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

// The server's background jobs (message mail, saved-search alerts, the weekly digest, the COA expiry
// sweep) all run the same way: a timer calls the job; a tick while the last run is still going is
// skipped, so runs never overlap; a failure is logged and the next tick tries again; stopping waits
// for a run under way, so closing the app never cuts a job off in the middle of its transaction.

export interface PeriodicTask {
  start(): void;
  stop(): Promise<void>;
}

export interface PeriodicTaskOptions {
  log: FastifyBaseLogger;
  /** Every how many milliseconds; 0 (or less) never starts, leaving the job to its command. */
  intervalMs: number;
  /** What the log says when a run fails, e.g. "weekly digest worker failed". */
  failure: string;
  run: () => Promise<unknown>;
}

export function periodicTask({ log, intervalMs, failure, run }: PeriodicTaskOptions): PeriodicTask {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = run()
      .catch((error) => log.error({ err: error }, failure))
      .finally(() => {
        running = null;
      });
  };
  return {
    start() {
      if (intervalMs <= 0 || timer) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

/** Runs the task for exactly as long as the app: from ready until it closes. */
export function runWithApp(app: FastifyInstance, task: PeriodicTask): void {
  app.addHook('onReady', async () => task.start());
  app.addHook('onClose', async () => task.stop());
}
