import { describe, expect, test } from 'vitest';
import { isAppPage } from './app-routes.ts';

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
