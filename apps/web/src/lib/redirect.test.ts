import { describe, expect, test } from 'vitest';
import { loginPath, safeRedirect } from './redirect.ts';

describe('safeRedirect', () => {
  test('a same-site path is kept, with its query', () => {
    expect(safeRedirect('/admin?tab=audit', '/dashboard')).toBe('/admin?tab=audit');
  });

  test.each([
    ['nothing', null],
    ['an empty value', ''],
    ['another site', 'https://evil.example/'],
    ['a protocol-relative address', '//evil.example/path'],
    ['a backslash trick', '/\\evil.example'],
    ['a relative path', 'admin'],
    ['a javascript: address', 'javascript:alert(1)'],
  ])('%s falls back', (_case, target) => {
    expect(safeRedirect(target, '/dashboard')).toBe('/dashboard');
  });
});

describe('loginPath', () => {
  test('without a redirect it is the sign-in page itself', () => {
    expect(loginPath()).toBe('/login');
    expect(loginPath('', '/register')).toBe('/register');
  });

  test('the redirect is encoded, slashes left readable', () => {
    expect(loginPath('/admin?tab=audit&page=2')).toBe('/login?redirect=/admin%3Ftab%3Daudit%26page%3D2');
  });

  test('what loginPath writes, safeRedirect reads back unchanged', () => {
    const target = '/products/abc?query=og kush&page=2';
    const redirect = new URL(loginPath(target), 'http://canopy.test').searchParams.get('redirect');
    expect(safeRedirect(redirect, '/')).toBe(target);
  });
});
