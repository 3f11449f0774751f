import { describe, expect, test } from 'vitest';
import { APP_ROUTES, appRouteOf, isAppPage } from './app-routes.ts';

describe('the web app’s page addresses', () => {
  test.each([
    '/',
    '/login',
    '/LOGIN/',
    '/products',
    '/products/0b6c5a0e-1f0e-4f5e-9a55-0c6f1e2d3a4b',
    '/admin',
    '/admin/anything/below',
    '/seller',
    '/seller/listings/new',
    '/seller/listings/abc/edit',
    '/orders/42',
  ])('%s is a page', (pathname) => {
    expect(isAppPage(pathname)).toBe(true);
  });

  test.each([
    '/no-such-page',
    '/products/abc/extra',
    '/seller/unknown',
    '/seller/listings',
    '/orders/1/2',
    '/%E0%A4%A',
  ])('%s is not', (pathname) => {
    expect(isAppPage(pathname)).toBe(false);
  });
});

describe('which page an address is', () => {
  test.each([
    ['/products', 'products'],
    ['/Products/', 'products'],
    ['/products/0b6c5a0e-1f0e-4f5e-9a55-0c6f1e2d3a4b', 'product'],
    ['/sellers/42', 'sellerStorefront'],
    ['/seller/listings/new', 'newListing'],
    ['/seller/listings/new/edit', 'editListing'],
    ['/admin/users', 'admin'],
    ['/no-such-page', null],
  ])('%s is %s', (pathname, name) => {
    expect(appRouteOf(pathname)).toBe(name);
  });
});

test('no two pages share an address: each pattern, filled in, is its own page', () => {
  for (const [name, pattern] of Object.entries(APP_ROUTES)) {
    const address = pattern.replace(/:\w+/g, 'x1').replace(/\*$/, 'a/b');
    expect([address, appRouteOf(address)]).toEqual([address, name]);
  }
});
