import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';

// No server runs under the web units: data a screen needs is put into its QueryClient first, and
// a session starts the way sign-in starts it. A request that still leaves is refused here and
// fails its test by address, instead of reaching the network and printing a refused connection
// after the test passed.
let requests: string[] = [];
beforeEach(() => {
  requests = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const address = input instanceof Request ? input.url : String(input);
    requests.push(address);
    return Promise.reject(new TypeError(`No server in web unit tests: ${address}`));
  });
});

// Each test starts from an empty document and storage; Testing Library unmounts what it rendered.
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  expect(requests, 'requests sent without a server').toEqual([]);
});
