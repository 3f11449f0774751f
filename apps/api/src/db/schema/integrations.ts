import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, timestamptz } from './columns.ts';
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
