import type { FastifyBaseLogger } from 'fastify';
import { mailTransportFor } from '../lib/mail.ts';
import { createMailQueue } from '../lib/mail-queue.ts';
import { sendWeeklyDigests } from '../modules/digest/index.ts';
import type { OperatorContext } from './commands.ts';
import { type OperatorOutcome, outcome, plural } from './protocol.ts';

/** A CLI has no server log: delivery problems go to the terminal, the rest is left out. */
const terminalLog: FastifyBaseLogger = {
  level: 'warn',
  fatal: (...args: unknown[]) => console.error(...args),
  error: (...args: unknown[]) => console.error(...args),
  warn: (...args: unknown[]) => console.warn(...args),
  info: () => {},
  debug: () => {},
  trace: () => {},
  silent: () => {},
  child: () => terminalLog,
} as unknown as FastifyBaseLogger;

/**
 * npm run digest:send: sends the weekly digests due now, exactly as the server's schedule would
 * (decision 158), so running it twice, or beside the server, mails nobody twice in a week.
 */
export async function sendDigestNow(
  ctx: OperatorContext & { log?: FastifyBaseLogger },
  at = new Date(),
): Promise<OperatorOutcome> {
  const out = outcome();
  const { config, database } = ctx;
  const mailer = createMailQueue(database.db, mailTransportFor(config), ctx.log ?? terminalLog);
  const run = await sendWeeklyDigests({ config, database, mailer }, at);
  out.say(
    `digest:send: ${plural(run.mailed, 'digest')} sent, ${run.claimed - run.mailed} with nothing new skipped`,
  );
  return out.result;
}
