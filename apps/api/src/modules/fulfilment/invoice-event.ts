import type { Db } from '../../db/client.ts';
import { queueWebhookEvent } from '../webhooks/index.ts';
import { visibleInvoice } from './invoice-read.ts';

// invoice.updated (issue 24): queued in the transaction that issues an invoice's version (on
// scheduling, rescheduling and correction) or records a payment against it, for both parties'
// webhooks, with the invoice as GET /orders/{id}/invoice answers it (standing included).

export async function queueInvoiceUpdated(
  tx: Db,
  order: { id: string; buyerId: string; sellerId: string },
): Promise<void> {
  await queueWebhookEvent(tx, {
    type: 'invoice.updated',
    companyIds: [order.buyerId, order.sellerId],
    // Read as the party it goes to: the order's policy lets either party read it.
    data: async (companyId) =>
      (
        await visibleInvoice(
          tx,
          { id: companyId, role: companyId === order.sellerId ? 'seller' : 'buyer' },
          order.id,
        )
      ).invoice,
  });
}
