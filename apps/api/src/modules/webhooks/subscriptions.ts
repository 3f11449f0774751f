import {
  WEBHOOK_LOG_LIMIT,
  WEBHOOKS,
  WEBHOOKS_PER_COMPANY,
  type WebhookCreated,
  type WebhookDeliveryDto,
  type WebhookDto,
  type WebhookEventType,
} from '@canopy/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  companies,
  type WebhookDeliveryRow,
  webhookDeliveries,
  webhookSubscriptions,
} from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { type MemberCaller, recordMemberAction } from '../companies/index.ts';
import { type AddressPolicy, type HostResolver, RefusedAddress, resolveAllowed } from './address-guard.ts';
import { newWebhookSecret } from './signature.ts';

// A company's webhook subscriptions (issue 24, decision 227): made, listed and deleted by an owner
// or manager (company:manage, checked by the route table, which no API key's scopes hold). The
// secret leaves the server once, in the answer that creates the subscription.

/**
 * Refuses a URL Canopy would not send to, as a field error of `url`. A host that does not resolve
 * yet is accepted (its system may not be live); every delivery checks the address again anyway.
 */
export async function refuseUnsafeUrl(
  raw: string,
  policy: AddressPolicy,
  resolve: HostResolver,
): Promise<void> {
  try {
    await resolveAllowed(new URL(raw), policy, resolve);
  } catch (error) {
    if (!(error instanceof RefusedAddress)) return;
    const text = error.message === WEBHOOKS.urlNotHttps ? WEBHOOKS.urlNotHttps : WEBHOOKS.urlPrivate;
    throw badRequest(text, { field: 'url' });
  }
}

export async function createWebhook(
  db: Db,
  caller: MemberCaller,
  input: { url: string; events: WebhookEventType[] },
  check: { policy: AddressPolicy; resolve: HostResolver },
): Promise<WebhookCreated> {
  await refuseUnsafeUrl(input.url, check.policy, check.resolve);
  const companyId = caller.member.companyId;
  const id = uuidv7();
  const secret = newWebhookSecret();
  await db.transaction(async (tx) => {
    // One at a time per company, so two creations cannot both pass the count.
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
    const [kept] = await tx
      .select({ n: count() })
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.companyId, companyId));
    if ((kept?.n ?? 0) >= WEBHOOKS_PER_COMPANY) throw conflict(WEBHOOKS.limitReached);
    await tx.insert(webhookSubscriptions).values({
      id,
      companyId,
      url: input.url,
      events: input.events,
      secret,
      createdBy: caller.login.id,
    });
    await recordMemberAction(tx, caller.login, companyId, 'company.webhook_create', input.url, {
      events: input.events,
    });
  });
  return { _id: id, url: input.url, events: input.events, secret, status: 'active' };
}

export async function listWebhooks(db: Db, companyId: string): Promise<WebhookDto[]> {
  const rows = await db
    .select()
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.companyId, companyId))
    .orderBy(desc(webhookSubscriptions.createdAt), desc(webhookSubscriptions.id));
  return rows.map((row) => ({
    _id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    failingSince: row.failingSince?.toISOString() ?? null,
  }));
}

/** Deletes the subscription and its log; a delivery being sent right now is its last. */
export async function removeWebhook(db: Db, caller: MemberCaller, id: string): Promise<void> {
  const companyId = caller.member.companyId;
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(webhookSubscriptions)
      .where(and(eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.companyId, companyId)))
      .returning({ url: webhookSubscriptions.url });
    if (!gone) throw notFound(WEBHOOKS.notFound);
    await recordMemberAction(tx, caller.login, companyId, 'company.webhook_delete', gone.url, {});
  });
}

const presentDelivery = (row: WebhookDeliveryRow): WebhookDeliveryDto => ({
  _id: row.id,
  eventId: row.eventId,
  type: row.eventType as WebhookEventType,
  status: row.status,
  responseCode: row.responseCode,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
});

/** Another company's subscription is answered as missing, like one that does not exist. */
async function ownSubscription(db: Db, companyId: string, id: string) {
  const [found] = await db
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.companyId, companyId)));
  if (!found) throw notFound(WEBHOOKS.notFound);
}

export async function listDeliveries(db: Db, companyId: string, id: string): Promise<WebhookDeliveryDto[]> {
  await ownSubscription(db, companyId, id);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.subscriptionId, id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_LOG_LIMIT);
  return rows.map(presentDelivery);
}

/**
 * "Send again": the delivery waits for one more attempt, due now, with its body as it was. It is
 * one attempt, not another day of retries (one still within its day keeps its own); on a paused
 * subscription it is the way to resume it.
 */
export async function retryDelivery(
  db: Db,
  companyId: string,
  id: string,
  deliveryId: string,
): Promise<WebhookDeliveryDto> {
  await ownSubscription(db, companyId, id);
  const now = new Date();
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status: 'pending',
      nextAttemptAt: now,
      // A delivery still within its day keeps the retries it has left.
      retryUntil: sql`greatest(${webhookDeliveries.retryUntil}, ${now.toISOString()}::timestamptz)`,
    })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.subscriptionId, id)))
    .returning();
  if (!row) throw notFound(WEBHOOKS.deliveryNotFound);
  return presentDelivery(row);
}
