import {
  adminAddresses,
  catalogAddresses,
  dealAddresses,
  messagingAddresses,
  type OfferDto,
  type ProductViewDto,
} from '@canopy/shared';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { call, routePath } from './api-call.ts';
import { ApiError } from './api-client.ts';
import { tokenStorage } from './token-storage.ts';

// call() is the web app's one way to reach a route (decision 200): the address says where, the
// contract at that address types what goes and what comes back, api-client.ts carries it.

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
}

/** Answers every fetch with `answer` and notes what was sent. */
function answerWith(status: number, answer: unknown): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({
      url,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : null,
    });
    return new Response(JSON.stringify(answer), { status });
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStorage.remove();
});

describe('call', () => {
  it('fills the path parameters, encoded, and answers the body typed by the contract', async () => {
    const sent = answerWith(200, { success: true, product: { _id: 'a/b?c' } });
    const product = await call(catalogAddresses.product, { params: { id: 'a/b?c' } });
    expect(sent[0]?.url).toBe('/api/products/a%2Fb%3Fc');
    expect(sent[0]?.method).toBe('GET');
    expect(product.product._id).toBe('a/b?c');
    expectTypeOf(product.product).toEqualTypeOf<ProductViewDto>();
  });

  it('writes the query from the values it is read as, leaving out what is absent or empty', async () => {
    const sent = answerWith(200, { success: true, data: [], pagination: {} });
    await call(adminAddresses.listListings, {
      query: { page: 2, limit: 20, active: false, query: '', moderation: undefined },
    });
    expect(sent[0]?.url).toBe('/api/admin/listings?page=2&limit=20&active=false');
  });

  it('sends a query already written as it is, in its own order', () => {
    const query = new URLSearchParams({ sort: 'price_asc', page: '1' });
    expect(routePath(catalogAddresses.products, { query })).toBe('/products?sort=price_asc&page=1');
    expect(routePath(dealAddresses.confirmationPdf, { params: { id: 'o1' } })).toBe(
      '/orders/o1/confirmation.pdf',
    );
  });

  it('sends the body as JSON with the token and the caller’s headers, by the route’s method', async () => {
    tokenStorage.set('t0ken');
    const sent = answerWith(201, { success: true, message: 'Sent', data: { _id: 'o1' } });
    const answer = await call(dealAddresses.counterOffer, {
      params: { id: 'o1' },
      body: { pricePerLb: 100, quantityLbs: 5, note: 'ok' },
      headers: { 'Idempotency-Key': 'k1' },
    });
    expect(sent[0]).toMatchObject({ url: '/api/offers/o1/counter', method: 'POST' });
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({ pricePerLb: 100, quantityLbs: 5, note: 'ok' });
    expect(sent[0]?.headers.get('Authorization')).toBe('Bearer t0ken');
    expect(sent[0]?.headers.get('Idempotency-Key')).toBe('k1');
    expect(sent[0]?.headers.get('Content-Type')).toBe('application/json');
    expectTypeOf(answer.data).toEqualTypeOf<OfferDto>();
  });

  it('refuses, in types, a call without its parameters or with a body the contract does not take', async () => {
    answerWith(200, { success: true });
    // @ts-expect-error: the product's id is required
    await expect(call(catalogAddresses.product, {})).rejects.toThrow(/needs its :id/);
    // @ts-expect-error: an unread count takes no body
    void call(messagingAddresses.unread, { body: { nothing: true } });
  });

  it('turns a failure into an ApiError with its code', async () => {
    answerWith(404, {
      success: false,
      error: 'Offer not found',
      message: 'Offer not found',
      code: 'offer_not_found',
    });
    const failure = await call(dealAddresses.acceptOffer, { params: { id: 'o1' } }).catch((error) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('offer_not_found');
    expect((failure as ApiError).serverText).toBe('Offer not found');
  });

  it('passes the abort signal on', async () => {
    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      init.signal?.throwIfAborted();
      return new Response('{}');
    });
    await expect(call(messagingAddresses.unread, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
