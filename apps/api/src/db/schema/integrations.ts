import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, counter, createdAt, timestamptz } from './columns.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

// What other systems use to work with a company (issue 24): its API keys, and the Idempotency-Keys
// of the calls they retry.

/**
 * A company's API key (decision 222): `cnp_<prefix>_<secret>`, found by its prefix, checked against
 * the SHA-256 of its secret. It acts for the member who created it, within its scopes; revoking
 * deletes the row.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey(),
    companyId: belongsTo('company_id', () => companies.id),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    prefix: text('prefix').notNull().unique('api_keys_prefix_key'),
    secretHash: text('secret_hash').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at'),
    /** Written at most once a minute per key, so a busy integration costs no write per request. */
    lastUsedAt: timestamptz('last_used_at'),
  },
  (table) => [
    index('api_keys_company_idx').on(table.companyId, table.createdAt),
    check('api_keys_has_scopes', sql`cardinality(${table.scopes}) > 0`),
  ],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * A request a company made with an Idempotency-Key (decision 223), and its answer once done
 * (`statusCode` null while it runs). Rows older than the 24-hour window count as absent.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    companyId: belongsTo('company_id', () => users.id),
    key: text('key').notNull(),
    requestDigest: text('request_digest').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response').$type<unknown>(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [table.companyId, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);

export const webhookStatusEnum = pgEnum('webhook_status', ['active', 'paused']);
export const webhookDeliveryStatusEnum = pgEnum('webhook_delivery_status', [
  'pending',
  'delivered',
  'failed',
]);

/**
 * A company's subscription of a URL to events (issue 24, decision 227). The secret is kept as is:
 * the server signs every delivery with it, so unlike an API key's it cannot be a hash.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: uuid('id').primaryKey(),
    companyId: belongsTo('company_id', () => companies.id),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    status: webhookStatusEnum('status').notNull().default('active'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** The first failure since the last delivery that arrived; three days of it pause the subscription. */
    failingSince: timestamptz('failing_since'),
    pausedAt: timestamptz('paused_at'),
  },
  (table) => [
    index('webhook_subscriptions_company_idx').on(table.companyId, table.createdAt),
    check('webhook_subscriptions_has_events', sql`cardinality(${table.events}) > 0`),
  ],
);
export type WebhookSubscriptionRow = typeof webhookSubscriptions.$inferSelect;

/**
 * One event for one subscription: the outbox row written in the change's own transaction, then
 * the queue the delivery worker claims from, then the delivery log (decision 228). The body is
 * fixed when the event happens; each attempt signs it afresh with the time of sending.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    /** uuidv7: the Canopy-Delivery header. */
    id: uuid('id').primaryKey(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    /** The body's `id`, shared by the deliveries of one event to one company. */
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    status: webhookDeliveryStatusEnum('status').notNull().default('pending'),
    attempts: counter('attempts'),
    /** When the row may be tried next; while a worker holds it, the end of that worker's lease. */
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** Retries stop once this has passed: a day after the event, or after a "send again". */
    retryUntil: timestamptz('retry_until').notNull(),
    responseCode: integer('response_code'),
    lastError: text('last_error'),
    lastAttemptAt: timestamptz('last_attempt_at'),
    createdAt: createdAt(),
  },
  (table) => [
    index('webhook_deliveries_due_idx').on(table.nextAttemptAt).where(sql`"status" = 'pending'`),
    index('webhook_deliveries_log_idx').on(table.subscriptionId, table.createdAt),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
