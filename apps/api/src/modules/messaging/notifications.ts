import { and, asc, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  companyMembers,
  conversationReads,
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
import { readersOf } from './readers.ts';

// E-mail about unread messages (decision 023). The message transaction writes a queue row due a
// short while later; a worker in every instance claims due rows with SKIP LOCKED, so instances
// share the work without sending twice, and mails each member who may read the business's
// messages only if they are still unread to that member then (a reader on the Messages page has
// marked them read), the member's own setting allows it and that member was not mailed about the
// conversation in the last 15 minutes (decision 208). The e-mail itself is queued in the same
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

const member = alias(users, 'member');
const company = alias(users, 'company');
const sender = alias(users, 'sender');

/**
 * Claims one due row and settles it, queueing its e-mails in the same transaction; returns whether
 * a mail was queued, or undefined when no row is due. The row is owed to a business; each member
 * who may read its messages is mailed on their own (decision 208): by their own settings, when
 * something they have not read is newer than their last mail, at most once per quiet period each.
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
    const [state] = await tx
      .select({
        companyStatus: company.status,
        senderBusinessName: sender.businessName,
        productName: sql<string>`coalesce(${listings.title}, ${conversations.listingTitle})`,
      })
      .from(conversations)
      .innerJoin(company, eq(company.id, conversations.ownerUserId))
      .innerJoin(sender, eq(sender.id, conversations.participantId))
      .leftJoin(listings, eq(listings.id, conversations.listingId))
      .where(conversationKey(job.recipientId, job.senderId))
      .for('update', { of: conversations });
    if (state?.companyStatus !== 'verified') {
      await tx.delete(messageNotifications).where(jobKey);
      return { mailed: false };
    }
    const readers = await tx
      .select({
        userId: conversationReads.userId,
        lastReadAt: conversationReads.lastReadAt,
        lastNotifiedAt: conversationReads.lastNotifiedAt,
        mailedThrough: conversationReads.mailedThrough,
        email: member.email,
        name: member.contactName,
        notifyNewMessages: member.notifyNewMessages,
        notifyListingInterest: member.notifyListingInterest,
      })
      .from(conversationReads)
      .innerJoin(companyMembers, eq(companyMembers.userId, conversationReads.userId))
      .innerJoin(member, eq(member.id, conversationReads.userId))
      .where(
        and(
          eq(conversationReads.ownerUserId, job.recipientId),
          eq(conversationReads.participantId, job.senderId),
          gt(conversationReads.unreadCount, 0),
          readersOf(job.recipientId),
        ),
      )
      .for('update', { of: conversationReads });

    let mailed = false;
    let askAgainAt: Date | null = null;
    for (const reader of readers) {
      const settingOn =
        job.kind === 'listing_interest' ? reader.notifyListingInterest : reader.notifyNewMessages;
      if (!settingOn) continue;
      const latest = await latestUnreadTyped(tx, job.recipientId, job.senderId, reader.lastReadAt);
      // Nothing this member has not read was written by a person, or they were mailed about it.
      if (!latest || (reader.mailedThrough && latest.createdAt <= reader.mailedThrough)) continue;
      const quietUntil =
        reader.lastNotifiedAt && new Date(reader.lastNotifiedAt.getTime() + NOTIFICATION_QUIET_MS);
      if (quietUntil && quietUntil > at) {
        // Mailed recently: ask again when the quiet period ends, and mail then if still unread.
        if (!askAgainAt || quietUntil < askAgainAt) askAgainAt = quietUntil;
        continue;
      }
      await tx
        .update(conversationReads)
        .set({ lastNotifiedAt: at, mailedThrough: latest.createdAt })
        .where(
          and(
            eq(conversationReads.ownerUserId, job.recipientId),
            eq(conversationReads.participantId, job.senderId),
            eq(conversationReads.userId, reader.userId),
          ),
        );
      await ctx.mailer.enqueue(
        tx,
        messageNotificationEmail({
          to: reader.email,
          recipientName: reader.name,
          kind: job.kind,
          senderBusinessName: state.senderBusinessName,
          productName: state.productName,
          latestMessage: latest.content,
          appUrl: ctx.config.appUrl,
        }),
      );
      mailed = true;
    }
    if (askAgainAt) await tx.update(messageNotifications).set({ dueAt: askAgainAt }).where(jobKey);
    else await tx.delete(messageNotifications).where(jobKey);
    return { mailed };
  });
}

/**
 * The newest message a person wrote to the business since the member last read the thread. Deal
 * notices were mailed on their own (decision 189): the mail quotes what a person wrote, and there
 * is nothing to mail when only notices are unread. Written as messages_pair_idx is, read newest first.
 */
async function latestUnreadTyped(tx: Db, ownerId: string, participantId: string, since: Date | null) {
  const [latest] = await tx
    .select({ content: messages.content, createdAt: messages.createdAt })
    .from(messages)
    .where(
      and(
        sql`least(${messages.senderId}, ${messages.receiverId}) = least(${ownerId}::uuid, ${participantId}::uuid)`,
        sql`greatest(${messages.senderId}, ${messages.receiverId}) = greatest(${ownerId}::uuid, ${participantId}::uuid)`,
        eq(messages.receiverId, ownerId),
        isNull(messages.dealEvent),
        since ? gt(messages.createdAt, since) : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  return latest ?? null;
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
