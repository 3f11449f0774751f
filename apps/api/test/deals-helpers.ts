import type { OfferDto, OrderDto } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { listings } from '../src/db/schema/index.ts';
import type { ListingSeed, UserSeed } from '../src/seed/factories.ts';
import { type Person, person, sellerWithListing } from './messages-helpers.ts';
import { bearer, json, type TestApp } from './support/test-app.ts';

// Shared by the deals-*.test.ts files: a seller with a listing and a buyer, and the deal calls.

export interface Deal {
  seller: Person;
  buyer: Person;
  listingId: string;
}

export async function dealParties(
  test: TestApp,
  listing: ListingSeed = {},
  seeds: { seller?: UserSeed; buyer?: UserSeed } = {},
): Promise<Deal> {
  const { seller, listing: row } = await sellerWithListing(test, seeds.seller, {
    quantityLbs: 100,
    title: 'Blue Dream greenhouse',
    ...listing,
  });
  const buyer = await person(test, { role: 'buyer', ...seeds.buyer });
  return { seller, buyer, listingId: row.id };
}

export const send = (
  test: TestApp,
  who: Person | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
) => test.app.inject({ method, url, headers: who ? bearer(who.token) : {}, payload });

const expectStatus = (response: LightMyRequestResponse, status: number, what: string) => {
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
};

export async function makeOffer(
  test: TestApp,
  deal: Deal,
  terms: Record<string, unknown> = { quantityLbs: 10, pricePerLb: 1200 },
): Promise<OfferDto> {
  const response = await send(test, deal.buyer, 'POST', '/api/offers', {
    listingId: deal.listingId,
    ...terms,
  });
  expectStatus(response, 201, 'offer');
  return json<{ data: OfferDto }>(response).data;
}

export async function accept(test: TestApp, who: Person, offerId: string) {
  const response = await send(test, who, 'POST', `/api/offers/${offerId}/accept`);
  expectStatus(response, 200, 'accept');
  return json<{ data: { offer: OfferDto; order: OrderDto } }>(response).data;
}

export async function listingQuantity(test: TestApp, listingId: string): Promise<number> {
  const [row] = await test.db
    .select({ quantityLbs: listings.quantityLbs })
    .from(listings)
    .where(eq(listings.id, listingId));
  return row?.quantityLbs ?? Number.NaN;
}
