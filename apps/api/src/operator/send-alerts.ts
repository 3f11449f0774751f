import { countOf } from '@canopy/shared';
import type { FastifyBaseLogger } from 'fastify';
import { mailTransportFor } from '../lib/mail.ts';
import { createMailQueue, type Mailer } from '../lib/mail-queue.ts';
import { sendSavedSearchAlerts } from '../modules/saved-searches/index.ts';
import { sendWantedAlerts } from '../modules/wanted/index.ts';
import type { OperatorContext } from './commands.ts';
import { type OperatorOutcome, outcome } from './protocol.ts';

/**
 * npm run alerts:send: checks every saved search now, as the server's worker does on its schedule,
 * then mails the sellers due a wanted-post alert (decision 248).
 * In the server the run uses its mail queue; from the command line alone it queues the mails in
 * the database and delivers them itself before it ends (what it cannot deliver stays queued for
 * the server's worker).
 */
export async function sendAlerts(ctx: OperatorContext): Promise<OperatorOutcome> {
  const out = outcome();
  const mailer = ctx.mailer ?? standaloneMailer(ctx, out.warn);
  const run = await sendSavedSearchAlerts({ config: ctx.config, database: ctx.database, mailer });
  out.say(
    `alerts:send: ${countOf(run.checked, 'saved search', 'saved searches')} checked, ${countOf(run.mailed, 'alert mail')} sent`,
  );
  const wanted = await sendWantedAlerts({ config: ctx.config, database: ctx.database, mailer });
  out.say(
    `alerts:send: ${countOf(wanted.checked, 'seller')} checked for wanted posts, ${countOf(wanted.mailed, 'wanted alert mail')} sent`,
  );
  return out.result;
}

function standaloneMailer(ctx: OperatorContext, warn: (line: string) => void): Mailer {
  const say = (level: string) => (first: unknown, second?: unknown) => {
    const text = typeof first === 'string' ? first : typeof second === 'string' ? second : '';
    if (level !== 'info') warn(`alerts:send: ${text}`);
  };
  // The queue logs through a Fastify logger in the server; here its warnings go to stderr.
  const log = { info: say('info'), warn: say('warn'), error: say('error') } as unknown as FastifyBaseLogger;
  return createMailQueue(ctx.database.db, mailTransportFor(ctx.config), log);
}
