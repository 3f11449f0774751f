import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allContracts, featureContracts } from './contracts.ts';

// Decision 200: a route's method and path are written once, in its feature's addresses.ts, and
// each address has one contract. The web app finds a contract by its address, so two contracts at
// one address would make a call's types ambiguous, and the server would refuse the second.

const at = (contract: { method: string; url: string }) => `${contract.method} ${contract.url}`;

describe('the route contracts', () => {
  const contracts = allContracts();

  it('give every route an address of its own', () => {
    const addresses = contracts.map(at);
    const repeated = addresses.filter((address, index) => addresses.indexOf(address) !== index);
    expect(repeated).toEqual([]);
    expect(contracts.length).toBeGreaterThan(80);
  });

  it('name each path parameter once, in the path and in the params schema', () => {
    for (const contract of contracts) {
      const tokens = [...contract.url.matchAll(/:(\w+)/g)].map((match) => match[1]).sort();
      const params = contract.params instanceof z.ZodObject ? Object.keys(contract.params.shape).sort() : [];
      expect(params, at(contract)).toEqual(tokens);
    }
  });

  it('say what each route answers, with a summary for the reference', () => {
    for (const [feature, routes] of Object.entries(featureContracts)) {
      for (const [name, contract] of Object.entries(routes)) {
        expect(contract.url, `${feature}.${name}`).toMatch(/^\/[a-zA-Z0-9/:._-]*$/);
        expect(contract.summary.length, `${feature}.${name}`).toBeGreaterThan(5);
        expect(Object.keys(contract.response).length, `${feature}.${name}`).toBeGreaterThan(0);
      }
    }
  });
});
