import { count, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { mailQueue } from '../db/schema/index.ts';
import { uuidv7 } from './ids.ts';
import type { MailMessage, MailTransport } from './mail.ts';
import { claimDue, serialPasses } from './queue-worker.ts';

// The one way mail leaves the server (decision 070). Sending a mail means writing a row to
// `mail_queue`, inside the caller's transaction when there is one, so a rolled-back change sends
// nothing and an unreachable SMTP server loses nothing. A worker in every instance claims due rows
// with FOR UPDATE SKIP LOCKED under a lease, delivers them outside any transaction, and deletes
// each row as soon as the server has taken it. Delivery is at least once: a crash between the
// server's acceptance and that delete repeats the mail after the lease, with the same Message-ID.

/** Refusals by the receiving server before a mail is given up on. */
export const MAIL_MAX_ATTEMPTS = 8;
/** How long a claimed row is left alone; far longer than one delivery may take (see lib/mail.ts). */
export const MAIL_LEASE_MS = 5 * 60_000;
/** Polling catches rows queued in a transaction and rows whose retry time has come. */
const POLL_MS = 2_000;
const BATCH = 20;
const UNREACHABLE_RETRY_MIN_MS = 1_000;
const UNREACHABLE_RETRY_MAX_MS = 60_000;

/** Wait after the n-th refusal: 1, 2, 4 … minutes, at most an hour. */
export const mailRetryDelayMs = (attempts: number) => Math.min(60 * 60_000, 60_000 * 2 ** (attempts - 1));

export interface MailQueueStats {
  /** Mails waiting to be delivered (including those being delivered right now). */
  pending: number;
  /** Mails given up on after MAIL_MAX_ATTEMPTS refusals. */
  failed: number;
}

/** Queue depth and failures, for metrics and health pages. */
export async function mailQueueStats(db: Db): Promise<MailQueueStats> {
  const rows = await db
    .select({ status: mailQueue.status, total: count() })
    .from(mailQueue)
    .groupBy(mailQueue.status);
  const of = (status: string) => rows.find((row) => row.status === status)?.total ?? 0;
  return { pending: of('pending'), failed: of('failed') };
}

export interface Mailer {
  /** Queues a mail in a statement of its own and wakes the worker; resolves once it is stored. */
  send(message: MailMessage): Promise<void>;
  /**
   * Queues a mail inside the caller's transaction: it goes out only if that transaction commits.
   * Call kick() after the commit to send it at once; the worker's poll finds it otherwise.
   */
  enqueue(tx: Db, message: MailMessage): Promise<void>;
  /** Asks the worker for a pass soon (several kicks before it starts make one pass). */
  kick(): void;
  /** Delivers everything due at `at` and resolves when done (tests, and callers that must wait). */
  drain(at?: Date): Promise<void>;
  start(): void;
  /** Stops polling and waits for the pass under way; rows it had not reached are released. */
  stop(): Promise<void>;
  describe(): string;
}

type QueueRow = typeof mailQueue.$inferSelect;

/** A refusal comes with the server's reply code; a network or file error has none. */
const isRefusal = (error: unknown) => typeof (error as { responseCode?: unknown }).responseCode === 'number';
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

export function createMailQueue(db: Db, transport: MailTransport, log: FastifyBaseLogger): Mailer {
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let stopping = false;
  let kickQueued = false;
  let unreachableDelay = UNREACHABLE_RETRY_MIN_MS;
  let unreachable = false;

  async function insert(tx: Db, message: MailMessage) {
    await tx.insert(mailQueue).values({
      id: uuidv7(),
      recipient: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      attachments: (message.attachments ?? []).map((file) => ({
        filename: file.filename,
        contentType: file.contentType,
        base64: Buffer.from(file.content).toString('base64'),
      })),
    });
  }

  async function release(rows: QueueRow[], until: Date) {
    if (rows.length === 0) return;
    await db
      .update(mailQueue)
      .set({ nextAttemptAt: until })
      .where(
        inArray(
          mailQueue.id,
          rows.map((row) => row.id),
        ),
      );
  }

  async function refused(row: QueueRow, error: unknown, at: Date) {
    const attempts = row.attempts + 1;
    const lastError = errorText(error);
    if (attempts >= MAIL_MAX_ATTEMPTS) {
      // Given up: the bodies (which may hold sign-in links) and files go; what and why stay for
      // the operator.
      await db
        .update(mailQueue)
        .set({ status: 'failed', attempts, lastError, textBody: '', htmlBody: '', attachments: [] })
        .where(eq(mailQueue.id, row.id));
      log.error({ mailId: row.id, attempts, err: error }, 'mail refused; giving up on it');
      return;
    }
    await db
      .update(mailQueue)
      .set({ attempts, lastError, nextAttemptAt: new Date(at.getTime() + mailRetryDelayMs(attempts)) })
      .where(eq(mailQueue.id, row.id));
    log.warn({ mailId: row.id, attempts, err: error }, 'mail refused; will retry');
  }

  /** One pass: delivers due rows batch by batch until none is due, the server is unreachable or we stop. */
  async function deliverDue(at: Date) {
    while (!stopping) {
      const rows = await claimDue(db, mailQueue, at, { batch: BATCH, leaseMs: MAIL_LEASE_MS });
      for (const [index, row] of rows.entries()) {
        if (stopping) return release(rows.slice(index), new Date());
        try {
          await transport.deliver({
            id: row.id,
            to: row.recipient,
            subject: row.subject,
            text: row.textBody,
            html: row.htmlBody,
            attachments: row.attachments.map((file) => ({
              filename: file.filename,
              contentType: file.contentType,
              content: Buffer.from(file.base64, 'base64'),
            })),
          });
        } catch (error) {
          if (isRefusal(error)) {
            await refused(row, error, at);
            continue;
          }
          // The server is down, not this mail's fault: nothing is counted, and the rest of the
          // batch waits too rather than failing the same way one by one.
          if (!unreachable)
            log.warn(
              { err: error },
              `mail server unreachable (${transport.describe()}); mail waits in the queue`,
            );
          unreachable = true;
          await release(rows.slice(index), new Date(Date.now() + unreachableDelay));
          unreachableDelay = Math.min(unreachableDelay * 2, UNREACHABLE_RETRY_MAX_MS);
          return;
        }
        await db.delete(mailQueue).where(eq(mailQueue.id, row.id));
        if (unreachable) log.info('mail server reachable again; delivering the queue');
        unreachable = false;
        unreachableDelay = UNREACHABLE_RETRY_MIN_MS;
      }
      if (rows.length < BATCH) return;
    }
  }

  const passes = serialPasses(log, 'mail', deliverDue);

  const kick = () => {
    if (!started || stopping || kickQueued) return;
    kickQueued = true;
    void passes.run(() => {
      kickQueued = false;
      return new Date();
    });
  };

  return {
    async send(message) {
      await insert(db, message);
      kick();
    },
    enqueue: insert,
    kick,
    drain: (at) => passes.run(() => at ?? new Date()),
    start() {
      started = true;
      stopping = false;
      timer = setInterval(kick, POLL_MS);
      timer.unref();
      kick();
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      await passes.settled();
    },
    describe: () => transport.describe(),
  };
}
