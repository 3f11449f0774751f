import type { CounterOfferInput, CreateOfferInput, OfferDto, OrderDto } from '@canopy/shared';
import { apiRequest } from '@/lib/api-client.ts';

// The offer moves of the wire contract (docs/api.md, "Deals"). Offers are read where they
// are shown: as cards on the deal notices of a conversation (ThreadMessageDto.offer).

const offerPath = (id: string, action: string) => `/offers/${encodeURIComponent(id)}/${action}`;

async function post<T>(path: string, body?: unknown): Promise<T> {
  return (await apiRequest<{ data: T }>(path, { method: 'POST', body })).data;
}

export const makeOffer = (input: CreateOfferInput) => post<OfferDto>('/offers', input);

export const counterOffer = (id: string, terms: CounterOfferInput) =>
  post<OfferDto>(offerPath(id, 'counter'), terms);

export const acceptOffer = (id: string) =>
  post<{ offer: OfferDto; order: OrderDto }>(offerPath(id, 'accept'));

export const declineOffer = (id: string, reason: string) =>
  post<OfferDto>(offerPath(id, 'decline'), reason ? { reason } : {});

export const withdrawOffer = (id: string) => post<OfferDto>(offerPath(id, 'withdraw'));
