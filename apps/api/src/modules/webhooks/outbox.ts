import type { WebhookEventType } from '@canopy/shared';
import { and, arrayContains, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webhookDeliveries, webhookSubscriptions } from '../../db/schema/index.ts';
import { uuidv7 } from '../../lib/ids.ts';

// The outbox (issue 24, decision 228): a change that other systems hear about writes its deliveries
// in its own transaction, so a rolled-back change sends nothing and a committed one is never lost;
// the worker (dispatcher.ts) sends them after the commit. Each company concerned gets its own
// event, with the resource as that company may read it, and only its own active subscriptions to
// that event receive it: no company's event ever goes to another company's URL.

/** A delivery is retried for a day after its event (issue 24). */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60_000;

export interface WebhookEvent {
  type: WebhookEventType;
  /** The companies the change concerns: the parties of a deal or message, a lot's seller. */
  companyIds: readonly string[];
  /** The resource as the API answers it to that company; only called when someone subscribes. */
  data: (companyId: string) => Promise<unknown>;
}

export async function queueWebhookEvent(tx: Db, event: WebhookEvent): Promise<void> {
  const companyIds = [...new Set(event.companyIds)];
  if (companyIds.length === 0) return;
  const subscribers = await tx
    .select({ id: webhookSubscriptions.id, companyId: webhookSubscriptions.companyId })
    .from(webhookSubscriptions)
    .where(
      and(
        inArray(webhookSubscriptions.companyId, companyIds),
        eq(webhookSubscriptions.status, 'active'),
        arrayContains(webhookSubscriptions.events, [event.type]),
      ),
    );
  if (subscribers.length === 0) return;
  const now = new Date();
  const rows: (typeof webhookDeliveries.$inferInsert)[] = [];
  for (const companyId of companyIds) {
    const mine = subscribers.filter((subscriber) => subscriber.companyId === companyId);
    if (mine.length === 0) continue;
    const eventId = uuidv7();
    const body = JSON.stringify({
      id: eventId,
      type: event.type,
      createdAt: now.toISOString(),
      data: await event.data(companyId),
    });
    for (const subscriber of mine) {
      rows.push({
        id: uuidv7(),
        subscriptionId: subscriber.id,
        eventId,
        eventType: event.type,
        body,
        nextAttemptAt: now,
        retryUntil: new Date(now.getTime() + WEBHOOK_RETRY_WINDOW_MS),
      });
    }
  }
  if (rows.length > 0) await tx.insert(webhookDeliveries).values(rows);
}
