import { readdirSync, readFileSync } from 'node:fs';
import { allContracts } from '@canopy/shared';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../src/app.ts';
import type { RouteDef } from '../src/http/route-table.ts';

// Decision 200: every route the server registers is a shared contract (packages/shared/src/<feature>/
// routes.ts) plus the server's own fields. The web app calls the same contracts, so a route whose
// path or schemas were written in the API alone would be one the web app types by hand again.

// Without production and with no SMTP server, the development outbox is registered too.
const everyRoute = routeTable({ production: false, smtpUrl: null });
const contracts = allContracts();
const at = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

describe('the route table and the shared contracts', () => {
  it('registers every route from a contract, with its schemas as the contract has them', () => {
    expect(everyRoute.some((route) => route.url.startsWith('/dev/'))).toBe(true);
    for (const route of everyRoute) {
      const contract = contracts.find((candidate) => at(candidate) === at(route));
      expect(contract, `${at(route)} has a shared contract`).toBeDefined();
      for (const part of ['summary', 'params', 'query', 'body', 'multipart', 'response'] as const) {
        expect(route[part as keyof RouteDef], `${at(route)}: ${part}`).toBe(contract?.[part]);
      }
    }
  });

  it('registers every contract, and each once (SPEC’s aliases outside /api aside)', () => {
    const registered = everyRoute.filter((route) => !route.absolute || route.url.startsWith('/dev/')).map(at);
    expect(registered.sort()).toEqual(contracts.map(at).sort());
  });

  it('leaves no method, path or schema written in a module’s routes.ts', () => {
    const modules = new URL('../src/modules/', import.meta.url);
    for (const feature of readdirSync(modules)) {
      let source: string;
      try {
        source = readFileSync(new URL(`${feature}/routes.ts`, modules), 'utf8');
      } catch {
        continue;
      }
      if (!source.includes('route({')) continue;
      expect(source, feature).not.toMatch(/^\s*(method|url|summary|params|query|body|multipart|response):/m);
    }
  });
});
