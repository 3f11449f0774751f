import { sql } from 'drizzle-orm';
import { index, jsonb, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { counter, createdAt, timestamptz } from './columns.ts';

// Every e-mail waits here until an SMTP server (or the outbox) has taken it (decision 070). A
// delivered row is deleted, so bodies with sign-in links do not outlive their delivery; a row
// given up on stays as `failed`, without its bodies, for the operator to see.

/** A file sent with a mail, its bytes in base64 so the row stays plain JSON. */
export interface QueuedAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

export const mailStatusEnum = pgEnum('mail_status', ['pending', 'failed']);

export const mailQueue = pgTable(
  'mail_queue',
  {
    /** uuidv7: also the stable Message-ID, so a resend after a crash is the same message. */
    id: uuid('id').primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Files sent with the mail (an order confirmation's PDF); dropped with the bodies on failure. */
    attachments: jsonb('attachments').$type<QueuedAttachment[]>().notNull().default([]),
    status: mailStatusEnum('status').notNull().default('pending'),
    /** Attempts the receiving server answered with a refusal (an unreachable server is not counted). */
    attempts: counter('attempts'),
    /** When the row may be tried next; while a worker holds it, the end of that worker's lease. */
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (table) => [index('mail_queue_due_idx').on(table.nextAttemptAt).where(sql`"status" = 'pending'`)],
);
