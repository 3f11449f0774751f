import { FULFILMENT, type invoiceCorrectionSchema } from '@canopy/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { recordAdminAction } from '../audit/index.ts';
import type { DealCaller } from '../deals/index.ts';
import { currentInvoice, issueInvoice } from './invoice-issue.ts';
import { lockOpenOrder } from './schedule.ts';

// A correction of the invoice before transit (issue 23 item 4, decision 216): the seller sets a
// discount on one or more lines, which issues the next version under the same number; the old one
// stays, marked superseded. Once the order is in transit the invoice may not change (B&P §26161).

type Correction = z.output<typeof invoiceCorrectionSchema>;

export async function correctInvoice(
  ctx: AppContext,
  caller: DealCaller,
  orderId: string,
  input: Correction,
): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const order = await lockOpenOrder(tx, caller, orderId, 'correctInvoice');
    const before = await currentInvoice(tx, order.id);
    if (!before) throw notFound(FULFILMENT.invoiceNotIssued);
    const discounts = new Map(input.lines.map((line) => [line.position, line.discount]));
    const after = await issueInvoice(tx, order, caller.login.id, discounts);
    await recordAdminAction(tx, caller.login, {
      action: 'invoice.correct',
      targetType: 'order',
      targetId: order.id,
      targetLabel: order.number,
      before: { invoice: before.number, version: before.version, total: before.total },
      after: { invoice: after.number, version: after.version, total: after.total, discounts: input.lines },
      reason: input.reason,
    });
  });
}
