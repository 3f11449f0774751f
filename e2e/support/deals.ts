import type { OfferDto, OrderDto } from '@canopy/shared';
import { callApi } from './messaging.ts';

/** A buyer's offer, made the way the product page's form makes it. */
export async function offerThroughApi(
  baseUrl: string,
  buyerToken: string,
  offer: { listingId: string; quantityLbs: number; pricePerLb: number },
): Promise<OfferDto> {
  return (await callApi<{ data: OfferDto }>(baseUrl, 'POST', '/offers', buyerToken, offer)).data;
}

/** The other side accepts: an order is confirmed. */
export async function acceptThroughApi(
  baseUrl: string,
  token: string,
  offerId: string,
): Promise<{ offer: OfferDto; order: OrderDto }> {
  const path = `/offers/${offerId}/accept`;
  return (await callApi<{ data: { offer: OfferDto; order: OrderDto } }>(baseUrl, 'POST', path, token)).data;
}
