import { APP_ROUTES, WEBHOOKS } from '@canopy/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import {
  companyMembers,
  users,
  type WebhookDeliveryRow,
  type WebhookSubscriptionRow,
  webhookDeliveries,
  webhookSubscriptions,
} from '../../db/schema/index.ts';
import { renderEmailHtml } from '../../lib/email-html.ts';
import type { Mailer } from '../../lib/mail-queue.ts';
import { claimDue, serialPasses } from '../../lib/queue-worker.ts';
import type { AddressPolicy, HostResolver } from './address-guard.ts';
import { type SendOutcome, sendDelivery } from './send.ts';
import { signatureHeader } from './signature.ts';

// The delivery worker (issue 24, decision 228), built like the mail queue (lib/mail-queue.ts): it
// claims due rows with FOR UPDATE SKIP LOCKED under a lease, so several instances share the work,
// POSTs each outside any transaction, and writes the outcome back. A failure waits longer each
// time and is given up on once its day is over; a subscription that has failed for three days in
// a row is paused, its waiting deliveries given up, and its company's owner mailed, once. The
// first delivery that arrives (a "send again" included) resumes it.

/** How long a claimed row is left alone: far longer than one attempt may take (10 s). */
export const WEBHOOK_LEASE_MS = 5 * 60_000;
/** Failing without a break for this long pauses a subscription. */
export const WEBHOOK_PAUSE_AFTER_MS = 3 * 24 * 60 * 60_000;
const BATCH = 20;
const MINUTE = 60_000;

/** Wait after the n-th failed attempt: 1, 2, 4 … minutes, at most three hours. */
export const webhookRetryDelayMs = (attempts: number) =>
  Math.min(3 * 60 * MINUTE, MINUTE * 2 ** (attempts - 1));

export interface WebhookDispatcher {
  /** Sends everything due at `at` (the clock the retries are scheduled by) and resolves when done. */
  drain(at?: Date): Promise<void>;
  start(): void;
  /** Stops polling and waits for the pass under way. */
  stop(): Promise<void>;
}

export interface DispatcherOptions {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  policy: AddressPolicy;
  resolve: HostResolver;
  appUrl: string;
  /** Every how many milliseconds the queue is polled; 0: only drain() sends. */
  pollMs: number;
}

export function createWebhookDispatcher(options: DispatcherOptions): WebhookDispatcher {
  const { db, log } = options;
  let timer: NodeJS.Timeout | null = null;
  let stopping = false;

  async function arrived(row: WebhookDeliveryRow, outcome: SendOutcome, at: Date) {
    await db.transaction(async (tx) => {
      await tx
        .update(webhookDeliveries)
        .set({
          status: 'delivered',
          attempts: row.attempts + 1,
          responseCode: outcome.responseCode,
          lastError: null,
          lastAttemptAt: at,
        })
        .where(eq(webhookDeliveries.id, row.id));
      await tx
        .update(webhookSubscriptions)
        .set({ status: 'active', failingSince: null, pausedAt: null })
        .where(eq(webhookSubscriptions.id, row.subscriptionId));
    });
  }

  async function failed(
    row: WebhookDeliveryRow,
    subscription: WebhookSubscriptionRow,
    outcome: SendOutcome,
    at: Date,
  ) {
    const attempts = row.attempts + 1;
    const next = new Date(at.getTime() + webhookRetryDelayMs(attempts));
    const givenUp = next > row.retryUntil;
    await db.transaction(async (tx) => {
      await tx
        .update(webhookDeliveries)
        .set({
          status: givenUp ? 'failed' : 'pending',
          attempts,
          responseCode: outcome.responseCode,
          lastError: outcome.ok ? null : outcome.error,
          lastAttemptAt: at,
          nextAttemptAt: givenUp ? row.nextAttemptAt : next,
        })
        .where(eq(webhookDeliveries.id, row.id));
      const [marked] = await tx
        .update(webhookSubscriptions)
        .set({
          failingSince: sql`coalesce(${webhookSubscriptions.failingSince}, ${at.toISOString()}::timestamptz)`,
        })
        .where(eq(webhookSubscriptions.id, subscription.id))
        .returning({ failingSince: webhookSubscriptions.failingSince });
      if (!marked?.failingSince || at.getTime() - marked.failingSince.getTime() < WEBHOOK_PAUSE_AFTER_MS)
        return;
      // Only the statement that moves it from active pauses it, so the owner is mailed once.
      const [paused] = await tx
        .update(webhookSubscriptions)
        .set({ status: 'paused', pausedAt: at })
        .where(and(eq(webhookSubscriptions.id, subscription.id), eq(webhookSubscriptions.status, 'active')))
        .returning({ id: webhookSubscriptions.id });
      if (!paused) return;
      await tx
        .update(webhookDeliveries)
        .set({ status: 'failed' })
        .where(
          and(eq(webhookDeliveries.subscriptionId, subscription.id), eq(webhookDeliveries.status, 'pending')),
        );
      await mailOwner(tx, subscription);
      log.warn({ webhookId: subscription.id }, 'webhook failing for three days; paused');
    });
  }

  async function mailOwner(tx: Db, subscription: WebhookSubscriptionRow) {
    const [owner] = await tx
      .select({ email: users.email })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(and(eq(companyMembers.companyId, subscription.companyId), eq(companyMembers.role, 'owner')))
      .limit(1);
    if (!owner) return;
    const companyUrl = `${options.appUrl}${APP_ROUTES.company}`;
    const paragraphs = WEBHOOKS.pausedParagraphs(subscription.url);
    await options.mailer.enqueue(tx, {
      to: owner.email,
      subject: WEBHOOKS.pausedSubject,
      text: `${paragraphs.join('\n\n')}\n\n${companyUrl}`,
      html: renderEmailHtml({
        heading: WEBHOOKS.pausedSubject,
        paragraphs: [...paragraphs],
        action: { url: companyUrl, label: WEBHOOKS.pausedAction },
      }),
    });
  }

  async function attempt(row: WebhookDeliveryRow, subscription: WebhookSubscriptionRow, at: Date) {
    const outcome = await sendDelivery(
      {
        url: subscription.url,
        body: row.body,
        // Signed at the moment of sending, on the wall clock the receiver compares it with.
        signature: signatureHeader(subscription.secret, row.body, new Date()),
        eventType: row.eventType,
        deliveryId: row.id,
      },
      options.policy,
      options.resolve,
      // Whatever goes wrong with one delivery is that delivery's failure, never the batch's.
    ).catch(
      (error: unknown): SendOutcome => ({
        ok: false,
        responseCode: null,
        error: String(error).slice(0, 300),
      }),
    );
    if (outcome.ok) await arrived(row, outcome, at);
    else await failed(row, subscription, outcome, at);
  }

  async function deliverDue(at: Date) {
    while (!stopping) {
      const rows = await claimDue(db, webhookDeliveries, at, { batch: BATCH, leaseMs: WEBHOOK_LEASE_MS });
      if (rows.length === 0) return;
      const subscriptions = await db
        .select()
        .from(webhookSubscriptions)
        .where(
          inArray(
            webhookSubscriptions.id,
            rows.map((row) => row.subscriptionId),
          ),
        );
      const byId = new Map(subscriptions.map((subscription) => [subscription.id, subscription]));
      for (const row of rows) {
        if (stopping) break;
        // A subscription deleted meanwhile took its deliveries with it.
        const subscription = byId.get(row.subscriptionId);
        if (subscription) await attempt(row, subscription, at);
      }
      if (rows.length < BATCH) return;
    }
  }

  const passes = serialPasses(log, 'webhook', deliverDue);

  let polling = false;
  const poll = () => {
    if (polling || stopping) return;
    polling = true;
    void passes
      .run(() => new Date())
      .finally(() => {
        polling = false;
      });
  };

  return {
    drain: (at) => passes.run(() => at ?? new Date()),
    start() {
      if (options.pollMs <= 0 || timer) return;
      stopping = false;
      timer = setInterval(poll, options.pollMs);
      timer.unref();
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      await passes.settled();
    },
  };
}
