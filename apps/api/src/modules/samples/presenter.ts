import type { SampleDto } from '@canopy/shared';
import type { SampleView } from './read-model.ts';

// A sample request as the wire contract names it, field by field.

const orderRef = (id: string | null, number: string | null) => (id && number ? { _id: id, number } : null);

export function presentSample(row: SampleView): SampleDto {
  return {
    _id: row.id,
    listingId: row.listingId,
    listingTitle: row.listingTitle,
    buyer: { _id: row.buyerId, businessName: row.buyerBusinessName },
    seller: { _id: row.sellerId, businessName: row.sellerBusinessName },
    grams: row.grams,
    note: row.note,
    status: row.status,
    declineReason: row.declineReason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    order: orderRef(row.orderId, row.orderNumber),
    ledTo: orderRef(row.ledToId, row.ledToNumber),
  };
}
