import { APP_ROUTES } from '@canopy/shared';
import type { RouteObject } from 'react-router';
import { describe, expect, test } from 'vitest';
import { routes } from './routes.tsx';

/** The address of every page route, the catch-all left out. */
function pagePaths(list: readonly RouteObject[]): string[] {
  return list.flatMap((route) => [
    ...(route.path && route.path !== '*' && !route.children ? [route.path] : []),
    ...pagePaths(route.children ?? []),
  ]);
}

describe('the router', () => {
  test('has a route at each address of the shared list the server answers 200 for, and at no other', () => {
    expect(pagePaths(routes).sort()).toEqual(Object.values(APP_ROUTES).sort());
  });
});
