import type { FulfilmentDto, OfferDto, OrderDto, OrderLineDto } from '@canopy/shared';
import type { OrderFulfilmentRow, OrderLineRow, OrderPartySnapshot } from '../../db/schema/index.ts';
import type { OfferView, OrderView } from './read-model.ts';

// The Offer and Order of issue 14's wire contract, field by field: of each business only what the
// deal itself names leaves (an order names license and address, as its confirmation does).

/** The member who made a move, when their login still exists. */
const memberOf = (userId: string | null, contactName: string | null) =>
  userId ? { userId, contactName: contactName ?? '' } : null;

export function presentOffer(row: OfferView): OfferDto {
  return {
    _id: row.id,
    listingId: row.listingId,
    buyerId: row.buyerId,
    sellerId: row.sellerId,
    quantityLbs: row.quantityLbs,
    pricePerLb: row.pricePerLb,
    total: row.total,
    deliverBy: row.deliverBy,
    note: row.note,
    status: row.status,
    madeBy: row.madeBy,
    previousOfferId: row.previousOfferId,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    listingTitle: row.listingTitle,
    buyer: { _id: row.buyerId, businessName: row.buyerBusinessName },
    seller: { _id: row.sellerId, businessName: row.sellerBusinessName },
    declineReason: row.declineReason,
    respondedAt: row.respondedAt?.toISOString() ?? null,
    orderId: row.orderId,
    byMember: memberOf(row.madeByUserId, row.makerContactName),
    paymentTerms: row.paymentTerms,
    lines: row.lines.map(({ listingId, listingTitle, quantityLbs, pricePerLb, total }) => ({
      listingId,
      listingTitle,
      quantityLbs,
      pricePerLb,
      total,
    })),
  };
}

const presentParty = (id: string, party: OrderPartySnapshot) => ({
  _id: id,
  businessName: party.businessName,
  licenseNumber: party.licenseNumber,
  licenseType: party.licenseType,
  address: { ...party.address },
});

export function presentOrder(row: OrderView): OrderDto {
  return {
    _id: row.id,
    number: row.number,
    offerId: row.offerId,
    listingId: row.listingId,
    listingTitle: row.listingTitle,
    buyer: presentParty(row.buyerId, row.buyer),
    seller: presentParty(row.sellerId, row.seller),
    quantityLbs: row.quantityLbs,
    pricePerLb: row.pricePerLb,
    total: row.total,
    status: row.status,
    history: row.history.map((event) => ({
      status: event.status,
      at: event.createdAt.toISOString(),
      by: event.by,
      reason: event.reason,
      quantityReturned: event.quantityReturned,
      byMember: memberOf(event.actorId, event.actorContactName),
    })),
    deliverBy: row.deliverBy,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    paymentTerms: row.paymentTerms,
    dueDate: row.dueDate,
    fulfilment: row.fulfilment ? presentFulfilment(row.fulfilment) : null,
    lines: row.lines.map(presentLine),
  };
}

/** One lot of an order (issue 25); its price source as acceptance recorded it (decision 233). */
const presentLine = (line: OrderLineRow): OrderLineDto => ({
  listingId: line.listingId,
  listingTitle: line.listingTitle,
  quantityLbs: line.quantityLbs,
  pricePerLb: line.pricePerLb,
  total: line.total,
  priceSource: line.priceSource,
  tierFromLbs: line.tierFromLbs,
  sampleGrams: line.sampleGrams,
});

function presentFulfilment(row: OrderFulfilmentRow): FulfilmentDto {
  return {
    distributor: { ...row.distributor, address: { ...row.distributor.address } },
    pickupAt: row.pickupAt.toISOString(),
    estimatedArrivalAt: row.estimatedArrivalAt.toISOString(),
    driverName: row.driverName,
    driverLicenseNumber: row.driverLicenseNumber,
    vehicleMake: row.vehicleMake,
    vehicleModel: row.vehicleModel,
    vehiclePlate: row.vehiclePlate,
    packages: row.packages.map(({ uid, quantityLbs }) => ({ uid, quantityLbs })),
    scheduledAt: row.scheduledAt.toISOString(),
  };
}
