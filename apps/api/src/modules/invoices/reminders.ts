import { californiaToday, formatUsd, LATE_REMINDER_DAYS } from '@canopy/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { invoiceReminders, invoices, orders, users } from '../../db/schema/index.ts';
import type { Mailer } from '../../lib/mail-queue.ts';
import { emailSwitchOn, notify } from '../notifications/index.ts';
import { invoiceReminderEmail } from './reminder-mail.ts';
import { CURRENT_INVOICE, dueDateSql, paidSql, toCents } from './standing.ts';

// Reminder mails to the buyer about an unpaid invoice (issue 23 item 5, decision 220): "due" on
// the Pacific due date, "late" seven days after it. Each is claimed by inserting its
// invoice_reminders row in the transaction that queues the mail, so two sweeps (two instances, or
// a sweep and a test) never send one twice, and a rolled-back claim sends nothing. A sweep that
// runs late catches up: "due" until the late reminder takes over, "late" whenever after.
// A buyer who is no longer verified is not reminded, and nothing is claimed. Each reminder also
// puts a notice in the buyer's notification centre (issue 25), in the claiming transaction; the
// mail goes only while the buyer's New Messages setting and Invoices switch are on (decision 251).

export interface ReminderContext {
  config: Pick<Config, 'appUrl'>;
  database: { db: Db };
  mailer: Mailer;
}

export interface ReminderRun {
  due: number;
  late: number;
}

type Kind = 'due' | 'late';

/** The unpaid current invoices whose `kind` reminder is due on `today` and not yet sent. */
function reminderCandidates(db: Db, kind: Kind, today: string) {
  const due = sql`${dueDateSql}::date`;
  const lateFrom = sql`${today}::date - ${LATE_REMINDER_DAYS}::int`;
  const window =
    kind === 'due'
      ? and(sql`${due} <= ${today}::date`, sql`${due} > ${lateFrom}`)
      : sql`${due} <= ${lateFrom}`;
  return db
    .select({
      orderId: orders.id,
      orderNumber: orders.number,
      invoiceNumber: invoices.number,
      sellerName: sql<string>`${orders.seller} ->> 'businessName'`,
      dueDate: sql<string>`${dueDateSql}`,
      total: sql<number>`${invoices.total}::float8`,
      paid: paidSql,
      buyerId: orders.buyerId,
      to: users.email,
      contactName: users.contactName,
      notifyNewMessages: users.notifyNewMessages,
      emailSwitchesOff: users.emailSwitchesOff,
    })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .innerJoin(users, eq(users.id, orders.buyerId))
    .where(
      and(
        CURRENT_INVOICE,
        sql`${invoices.total} - ${paidSql} > 0`,
        window,
        eq(users.status, 'verified'),
        sql`NOT EXISTS (SELECT 1 FROM invoice_reminders r WHERE r.order_id = ${orders.id} AND r.kind = ${kind})`,
      ),
    )
    .orderBy(orders.id);
}

/** Claims one reminder and queues its mail, in one transaction; false when another sweep had it. */
async function sendOne(
  ctx: ReminderContext,
  kind: Kind,
  row: Awaited<ReturnType<typeof reminderCandidates>>[number],
): Promise<boolean> {
  return ctx.database.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(invoiceReminders)
      .values({ orderId: row.orderId, kind })
      .onConflictDoNothing()
      .returning({ orderId: invoiceReminders.orderId });
    if (claimed.length === 0) return false;
    await notify(tx, {
      companyId: row.buyerId,
      kind: 'invoice',
      title:
        kind === 'late'
          ? `Invoice ${row.invoiceNumber} is overdue`
          : `Invoice ${row.invoiceNumber} is due today`,
      summary: `Order ${row.orderNumber} from ${row.sellerName}: ${formatUsd(row.total - row.paid)} open, due ${row.dueDate}.`,
      link: `/orders/${row.orderId}`,
      subjectId: row.orderId,
    });
    if (!row.notifyNewMessages || !emailSwitchOn(row, 'invoices')) return true;
    await ctx.mailer.enqueue(
      tx,
      invoiceReminderEmail(
        { ...row, balance: toCents(row.total - row.paid), late: kind === 'late' },
        ctx.config.appUrl,
      ),
    );
    return true;
  });
}

/**
 * Sends the reminders due on `today`, a Pacific date (tests pass theirs; the worker asks the
 * clock). Delivers the queued mail before returning.
 */
export async function sendInvoiceReminders(
  ctx: ReminderContext,
  today = californiaToday(),
): Promise<ReminderRun> {
  const run: ReminderRun = { due: 0, late: 0 };
  for (const kind of ['due', 'late'] as const) {
    for (const row of await reminderCandidates(ctx.database.db, kind, today)) {
      if (await sendOne(ctx, kind, row)) run[kind] += 1;
    }
  }
  if (run.due + run.late > 0) await ctx.mailer.drain();
  return run;
}
