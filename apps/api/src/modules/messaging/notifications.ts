import { and, asc, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  conversations,
  listings,
  type MessageNotificationKind,
  messageNotifications,
  messages,
  users,
} from '../../db/schema/index.ts';
import { type PeriodicTask, periodicTask } from '../../lib/periodic-task.ts';
import { messageNotificationEmail } from './emails.ts';
import { conversationKey } from './read-model.ts';

// E-mail about unread messages (decision 023). The message transaction writes a queue row due a
// short while later; a worker in every instance claims due rows with SKIP LOCKED, so instances
// share the work without sending twice, and mails only if the messages are still unread then (a
// reader on the Messages page has marked them read), the recipient's setting allows it and the
// conversation was not mailed in the last 15 minutes. The e-mail itself is queued in the same
// transaction that settles the row, and the mail queue delivers it (decision 070).

export const NOTIFICATION_QUIET_MS = 15 * 60_000;
/** Rows handled per tick; the rest wait for the next one. */
const BATCH = 50;

/**
 * Owes the recipient an e-mail. A row already waiting for this conversation covers the new
 * message too. Callers write it before touching the conversation rows: the worker locks a
 * queue row and then the conversation, so the reverse order here could deadlock with it.
 */
export async function scheduleNotification(
  tx: Db,
  row: { recipientId: string; senderId: string; kind: MessageNotificationKind; dueAt: Date },
): Promise<void> {
  await tx.insert(messageNotifications).values(row).onConflictDoNothing();
}

const recipient = alias(users, 'recipient');
const sender = alias(users, 'sender');

/**
 * Claims one due row and settles it, queueing its e-mail in the same transaction; returns whether
 * a mail was queued, or undefined when no row is due.
 */
async function settleNext(ctx: AppContext, at: Date): Promise<{ mailed: boolean } | undefined> {
  return ctx.database.db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(messageNotifications)
      .where(lte(messageNotifications.dueAt, at))
      .orderBy(asc(messageNotifications.dueAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!job) return undefined;
    const jobKey = and(
      eq(messageNotifications.recipientId, job.recipientId),
      eq(messageNotifications.senderId, job.senderId),
    );
    const conversation = conversationKey(job.recipientId, job.senderId);
    const [state] = await tx
      .select({
        unreadCount: conversations.unreadCount,
        lastNotifiedAt: conversations.lastNotifiedAt,
        email: recipient.email,
        recipientName: recipient.contactName,
        recipientStatus: recipient.status,
        notifyNewMessages: recipient.notifyNewMessages,
        notifyListingInterest: recipient.notifyListingInterest,
        senderBusinessName: sender.businessName,
        productName: sql<string>`coalesce(${listings.title}, ${conversations.listingTitle})`,
      })
      .from(conversations)
      .innerJoin(recipient, eq(recipient.id, conversations.ownerUserId))
      .innerJoin(sender, eq(sender.id, conversations.participantId))
      .leftJoin(listings, eq(listings.id, conversations.listingId))
      .where(conversation)
      .for('update', { of: conversations });

    const settingOn =
      job.kind === 'listing_interest' ? state?.notifyListingInterest : state?.notifyNewMessages;
    if (!state || !settingOn || state.unreadCount === 0 || state.recipientStatus !== 'verified') {
      await tx.delete(messageNotifications).where(jobKey);
      return { mailed: false };
    }
    const quietUntil =
      state.lastNotifiedAt && new Date(state.lastNotifiedAt.getTime() + NOTIFICATION_QUIET_MS);
    if (quietUntil && quietUntil > at) {
      // Mailed recently: ask again when the quiet period ends, and mail then if still unread.
      await tx.update(messageNotifications).set({ dueAt: quietUntil }).where(jobKey);
      return { mailed: false };
    }
    // Deal notices were mailed on their own (decision 189): the mail quotes the newest unread
    // message a person wrote, and there is nothing to mail when only notices are unread.
    const [latest] = await tx
      .select({ content: messages.content })
      .from(messages)
      .where(
        and(
          eq(messages.receiverId, job.recipientId),
          eq(messages.senderId, job.senderId),
          isNull(messages.readAt),
          isNull(messages.dealEvent),
        ),
      )
      .orderBy(desc(messages.createdAt))
      .limit(1);
    await tx.delete(messageNotifications).where(jobKey);
    if (!latest) return { mailed: false };
    await tx.update(conversations).set({ lastNotifiedAt: at }).where(conversation);
    await ctx.mailer.enqueue(
      tx,
      messageNotificationEmail({
        to: state.email,
        recipientName: state.recipientName,
        kind: job.kind,
        senderBusinessName: state.senderBusinessName,
        productName: state.productName,
        latestMessage: latest.content,
        appUrl: ctx.config.appUrl,
      }),
    );
    return { mailed: true };
  });
}

/**
 * Settles every row due at `at` (tests pass a later time instead of waiting), then delivers the
 * queued e-mails before returning. An e-mail the SMTP server does not take stays in the mail
 * queue and is retried there; the settled row is never mailed a second time.
 */
export async function sendDueNotifications(ctx: AppContext, at = new Date()): Promise<void> {
  let mailed = false;
  for (let handled = 0; handled < BATCH; handled++) {
    const outcome = await settleNext(ctx, at);
    if (!outcome) break;
    mailed ||= outcome.mailed;
  }
  if (mailed) await ctx.mailer.drain();
}

/** Polls often enough that a mail leaves close to its due time, at most every 10 s. */
export function createNotificationWorker(ctx: AppContext): PeriodicTask {
  return periodicTask({
    log: ctx.log,
    intervalMs: Math.min(10_000, Math.max(250, ctx.config.messageEmailDelayMs / 2)),
    failure: 'message notification worker failed',
    run: () => sendDueNotifications(ctx),
  });
}
