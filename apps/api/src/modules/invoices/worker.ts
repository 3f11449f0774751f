import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { periodicTask, runWithApp } from '../../lib/periodic-task.ts';
import { sendInvoiceReminders } from './reminders.ts';

// The reminders' clock in the server: every INVOICE_REMINDER_CHECK_SECONDS it sends whatever is
// due on today's Pacific date. Outside a due date nothing is, so a tick is one query that claims
// nothing; a server that was down catches up at its first tick (decision 220).

export function startInvoiceReminderWorker(app: FastifyInstance): void {
  const ctx: AppContext = app.ctx;
  const task = periodicTask({
    log: ctx.log,
    intervalMs: ctx.config.invoiceReminderCheckMs,
    failure: 'invoice reminder worker failed',
    run: async () => {
      const run = await sendInvoiceReminders(ctx);
      if (run.due + run.late > 0) ctx.log.info(run, 'invoice reminders sent');
    },
  });
  runWithApp(app, task);
}
