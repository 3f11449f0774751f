import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../src/lib/errors.ts';
import { uuidv7 } from '../src/lib/ids.ts';
import { authorizeOn, type Policy, type Relation } from '../src/lib/policy.ts';
import { offerPolicy, orderPolicy } from '../src/modules/deals/policy.ts';
import { accept, dealParties, makeOffer, send } from './deals-helpers.ts';
import { type Person, person } from './messages-helpers.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// The offer and order tables against the real routes: every action is called by a caller of
// every relation. Where the table refuses, the route answers exactly the table's status and text;
// where it allows, the route answers something the table never says for that action (a success,
// or a refusal that depends on the deal's state, such as whose turn it is). So a service that
// stopped asking its table, or asked it for the wrong action, fails here.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

type Call = (who: Person, id: string) => ReturnType<typeof send>;

const offerCalls: Record<keyof typeof offerPolicy.rules, Call[]> = {
  read: [(who, id) => send(test, who, 'GET', `/api/offers/${id}`)],
  answer: [
    (who, id) => send(test, who, 'POST', `/api/offers/${id}/counter`, { quantityLbs: 5, pricePerLb: 1100 }),
    (who, id) => send(test, who, 'POST', `/api/offers/${id}/decline`, {}),
    (who, id) => send(test, who, 'POST', `/api/offers/${id}/accept`),
  ],
  withdraw: [(who, id) => send(test, who, 'POST', `/api/offers/${id}/withdraw`)],
  approve: [
    (who, id) => send(test, who, 'POST', `/api/offers/${id}/approve`),
    (who, id) => send(test, who, 'POST', `/api/offers/${id}/decline-approval`, {}),
  ],
};

/** A well-formed schedule, so the table (not the body's shape) answers. */
const SCHEDULE = {
  distributorLicenseNumber: 'C11-0000001-LIC',
  pickupAt: '2030-01-02T17:00:00Z',
  estimatedArrivalAt: '2030-01-02T20:00:00Z',
  driverName: 'Sam Driver',
  driverLicenseNumber: 'D1234567',
  vehicleMake: 'Ford',
  vehicleModel: 'Transit',
  vehiclePlate: '8ABC123',
  packages: [{ uid: '1A4000000000000000000001', quantityLbs: 10 }],
};

const orderCalls: Record<keyof typeof orderPolicy.rules, Call[]> = {
  read: [
    (who, id) => send(test, who, 'GET', `/api/orders/${id}`),
    (who, id) => send(test, who, 'GET', `/api/orders/${id}/confirmation.pdf`),
    (who, id) => send(test, who, 'GET', `/api/orders/${id}/invoice`),
    (who, id) => send(test, who, 'GET', `/api/orders/${id}/invoice.pdf`),
    (who, id) => send(test, who, 'GET', `/api/orders/${id}/manifest.pdf`),
    (who, id) => send(test, who, 'GET', `/api/orders/${id}/manifest.csv`),
  ],
  fulfil: [(who, id) => send(test, who, 'POST', `/api/orders/${id}/status`, { status: 'fulfilled' })],
  complete: [(who, id) => send(test, who, 'POST', `/api/orders/${id}/status`, { status: 'completed' })],
  cancel: [
    (who, id) => send(test, who, 'POST', `/api/orders/${id}/status`, { status: 'cancelled', reason: 'Walk' }),
  ],
  schedule: [(who, id) => send(test, who, 'POST', `/api/orders/${id}/schedule`, SCHEDULE)],
  ship: [(who, id) => send(test, who, 'POST', `/api/orders/${id}/status`, { status: 'in_transit' })],
  reorder: [(who, id) => send(test, who, 'POST', `/api/orders/${id}/reorder`)],
  correctInvoice: [
    (who, id) =>
      send(test, who, 'POST', `/api/orders/${id}/invoice/corrections`, {
        lines: [{ position: 1, discount: 0 }],
      }),
  ],
};

function tableAnswer<A extends string, R extends Relation>(
  policy: Policy<A, R>,
  action: A,
  relation: R | null,
) {
  try {
    authorizeOn(policy, action, relation);
    return null;
  } catch (error) {
    return `${(error as AppError).status} ${(error as AppError).message}`;
  }
}

const routeAnswer = (response: Awaited<ReturnType<typeof send>>) =>
  `${response.statusCode} ${String(response.headers['content-type']).includes('json') ? (response.json() as { error?: string }).error : ''}`;

/** Walks one table with the callers of each relation, the refusing cells first (they change nothing). */
async function walk<A extends string, R extends Relation>(
  policy: Policy<A, R>,
  calls: Record<A, Call[]>,
  callers: Record<R, Person>,
  id: string,
): Promise<string[]> {
  const mismatches: string[] = [];
  const actions = Object.keys(policy.rules) as A[];
  const cells = actions.flatMap((action) =>
    [...policy.relations, null].map((relation) => ({
      action,
      relation,
      expected: tableAnswer(policy, action, relation),
    })),
  );
  const refusals = new Set(
    cells.flatMap((cell) => (cell.expected ? [`${cell.action} ${cell.expected}`] : [])),
  );
  const ordered = [...cells.filter((cell) => cell.expected), ...cells.filter((cell) => !cell.expected)];
  for (const { action, relation, expected } of ordered) {
    for (const call of calls[action]) {
      const who = relation ? callers[relation] : callers[policy.relations[0] as R];
      const answer = routeAnswer(await call(who, relation ? id : uuidv7()));
      const fits = expected ? answer === expected : !refusals.has(`${action} ${answer}`);
      if (!fits) mismatches.push(`${policy.resource}.${action} ${relation ?? '(missing)'}: ${answer}`);
    }
  }
  return mismatches;
}

describe('deal policies on the real routes', () => {
  it('answer every offer action as the offer table says', async () => {
    const deal = await dealParties(test);
    const offer = await makeOffer(test, deal);
    const callers = {
      buyerParty: deal.buyer,
      sellerParty: deal.seller,
      admin: await person(test, { role: 'admin' }),
      other: await person(test, { role: 'buyer' }),
    };
    expect(await walk(offerPolicy, offerCalls, callers, offer._id)).toEqual([]);
  });

  it('answer every order action as the order table says', async () => {
    const deal = await dealParties(test);
    const offer = await makeOffer(test, deal);
    const { order } = await accept(test, deal.seller, offer._id);
    const callers = {
      buyerParty: deal.buyer,
      sellerParty: deal.seller,
      admin: await person(test, { role: 'admin' }),
      other: await person(test, { role: 'seller' }),
    };
    expect(await walk(orderPolicy, orderCalls, callers, order._id)).toEqual([]);
  });
});
