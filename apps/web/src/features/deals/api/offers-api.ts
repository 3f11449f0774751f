import {
  type CounterLinesInput,
  type CounterOfferInput,
  type CreateOfferInput,
  dealAddresses,
  type OfferDto,
} from '@canopy/shared';
import { call } from '@/lib/api-call.ts';

// The offer moves of the wire contract (docs/api.md, "Deals"), typed by their contracts.
// Offers are read where they are shown: as cards on the deal notices of a conversation
// (ThreadMessageDto.offer).

export const makeOffer = async (input: CreateOfferInput) =>
  (await call(dealAddresses.makeOffer, { body: input })).data;

export const counterOffer = async (id: string, terms: CounterOfferInput | CounterLinesInput) =>
  (await call(dealAddresses.counterOffer, { params: { id }, body: terms })).data;

export const acceptOffer = async (id: string) =>
  (await call(dealAddresses.acceptOffer, { params: { id } })).data;

export const declineOffer = async (id: string, reason: string) =>
  (await call(dealAddresses.declineOffer, { params: { id }, body: reason ? { reason } : {} })).data;

export const withdrawOffer = async (id: string) =>
  (await call(dealAddresses.withdrawOffer, { params: { id } })).data;

/** A member's offer above their order limit, approved: the seller then sees it (decision 204). */
export const approveOffer = async (id: string) =>
  (await call(dealAddresses.approveOffer, { params: { id } })).data;

/** A member's offer above their order limit, declined: the seller never sees it. */
export const declineApproval = async (id: string) =>
  (await call(dealAddresses.declineApproval, { params: { id }, body: {} })).data;

/** The caller's open offer on a listing, if one waits for an answer (the product page's button). */
export async function openOfferOn(listingId: string, signal?: AbortSignal): Promise<OfferDto | null> {
  const query = { listingId, status: 'open', limit: 1 } as const;
  return (await call(dealAddresses.offers, { query, signal })).data[0] ?? null;
}
