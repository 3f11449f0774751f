import type {
  acceptOfferResponseSchema,
  CounterOfferInput,
  CreateOfferInput,
  OfferDto,
  offerListResponseSchema,
  offerResponseSchema,
} from '@canopy/shared';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';

// The offer moves of the wire contract (docs/api.md, "Deals"), typed by the shared
// response schemas. Offers are read where they are shown: as cards on the deal notices of a
// conversation (ThreadMessageDto.offer).

type OfferAnswer = z.output<typeof offerResponseSchema>;
type AcceptAnswer = z.output<typeof acceptOfferResponseSchema>;
type OfferList = z.output<typeof offerListResponseSchema>;

const offerPath = (id: string, action: string) => `/offers/${encodeURIComponent(id)}/${action}`;

async function post<T extends { data: unknown }>(path: string, body?: unknown): Promise<T['data']> {
  return (await apiRequest<T>(path, { method: 'POST', body })).data;
}

export const makeOffer = (input: CreateOfferInput) => post<OfferAnswer>('/offers', input);

export const counterOffer = (id: string, terms: CounterOfferInput) =>
  post<OfferAnswer>(offerPath(id, 'counter'), terms);

export const acceptOffer = (id: string) => post<AcceptAnswer>(offerPath(id, 'accept'));

export const declineOffer = (id: string, reason: string) =>
  post<OfferAnswer>(offerPath(id, 'decline'), reason ? { reason } : {});

export const withdrawOffer = (id: string) => post<OfferAnswer>(offerPath(id, 'withdraw'));

/** The caller's open offer on a listing, if one waits for an answer (the product page's button). */
export async function openOfferOn(listingId: string, signal?: AbortSignal): Promise<OfferDto | null> {
  const query = new URLSearchParams({ listingId, status: 'open', limit: '1' });
  return (await apiRequest<OfferList>(`/offers?${query}`, { signal })).data[0] ?? null;
}
