import { index, pgEnum, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, counter, createdAt, timestamptz } from './columns.ts';
import { users } from './users.ts';

// Every secret the server hands out (session, verification, reset) is stored as a SHA-256 hash,
// so a copy of the database gives nobody a working token.

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const tokenPurposeEnum = pgEnum('token_purpose', ['verify_email', 'reset_password', 'change_email']);

/**
 * Single-use tokens mailed to a user: e-mail verification, password reset and confirmation of a
 * new sign-in address. Each remembers the address it was mailed to and is good for that address
 * only (decision 061).
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    purpose: tokenPurposeEnum('purpose').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('user_tokens_user_purpose_idx').on(table.userId, table.purpose)],
);

/**
 * Failed sign-in counters, one row per account and source address and one per account, shared by
 * every API instance through the database (decision 063).
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: counter('failures'),
  windowStartedAt: timestamptz('window_started_at').notNull().defaultNow(),
  lastFailureAt: timestamptz('last_failure_at').notNull().defaultNow(),
});

/** Single-use recovery codes for two-factor sign-in, hashed like every other secret (decision 195). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: belongsTo('user_id', () => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.codeHash] })],
);

/**
 * A sign-in whose password was right and whose second factor is awaited: the token the client
 * sends back with the code, good for a few minutes and once.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (table) => [index('two_factor_challenges_user_idx').on(table.userId)],
);
