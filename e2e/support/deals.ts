import type { OfferDto, OrderDto } from '@canopy/shared';

/** A deals call as the web app makes it, failing loudly on anything but success. */
async function post<T>(baseUrl: string, path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json()) as { success?: boolean; data: T };
  if (!response.ok || payload.success === false) {
    throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(payload)}`);
  }
  return payload.data;
}

/** A buyer's offer, made the way the product page's form makes it. */
export const offerThroughApi = (
  baseUrl: string,
  buyerToken: string,
  offer: { listingId: string; quantityLbs: number; pricePerLb: number },
) => post<OfferDto>(baseUrl, '/offers', buyerToken, offer);

/** The other side accepts: an order is confirmed. */
export const acceptThroughApi = (baseUrl: string, token: string, offerId: string) =>
  post<{ offer: OfferDto; order: OrderDto }>(baseUrl, `/offers/${offerId}/accept`, token);
