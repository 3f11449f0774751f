import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, NetworkError } from './api-client.ts';
import { tokenStorage } from './token-storage.ts';

// An answer whose body never arrives whole (the page was left, the connection dropped after the
// headers) said nothing about the request: it is a NetworkError like no answer at all, so the
// start-up session check keeps the token (decision 182), rather than an error that removes it.

/** A 200 whose body stream fails while it is read, as Chromium does when a page is left. */
const cutShort = () =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.error(new TypeError('network error'));
      },
    }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStorage.remove();
});

describe('apiRequest', () => {
  it('reports a body cut short as a NetworkError and keeps the token', async () => {
    tokenStorage.set('a-session-token');
    vi.stubGlobal('fetch', async () => cutShort());
    const failure = await apiRequest('/auth/me').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(tokenStorage.get()).toBe('a-session-token');
  });

  it('still reports a failure answer as an ApiError with its code', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          JSON.stringify({ success: false, error: 'Not found', message: 'Not found', code: 'not_found' }),
          {
            status: 404,
          },
        ),
    );
    const failure = await apiRequest('/products/x').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('not_found');
  });
});
