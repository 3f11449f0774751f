import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../src/db/migrate.ts';
import { companies, companyMembers, users } from '../src/db/schema/index.ts';
import { seedDemoData } from '../src/seed/demo.ts';
import { DEMO_PASSWORD } from '../src/seed/fixtures/accounts.ts';
import { BACK_TO_0023 } from './support/before-companies.ts';
import { bearer, createTestApp, json, signIn, type TestApp } from './support/test-app.ts';

// The companies migrations proven on the demo data (issue 28, decision 202): the demo is seeded,
// a deal is made on it, and every read call of SPEC is answered as the demo buyer, seller and
// admin. Then the data is taken back to its shape at migration 0023 (before companies: what 0024
// to 0026 added is dropped and the migrations journal forgets them), 0024 onwards run again as
// they would on a deployed database, and every call must answer exactly as before, with every
// buyer and seller the owner of a company of one and no row of the older tables lost.

/** The tables that existed at 0023; each keeps every row. */
const OLDER_TABLES = [
  'users',
  'licenses',
  'pending_profile_changes',
  'sessions',
  'user_tokens',
  'recovery_codes',
  'product_types',
  'listings',
  'listing_media',
  'listing_review_requests',
  'listing_views',
  'listing_daily_stats',
  'conversations',
  'messages',
  'mail_queue',
  'watchlist_items',
  'saved_searches',
  'offers',
  'orders',
  'order_events',
  'admin_audit_log',
];

let test: TestApp;
const tokens: Record<'buyer' | 'seller' | 'admin', string> = { buyer: '', seller: '', admin: '' };
beforeAll(async () => {
  test = await createTestApp();
  await seedDemoData(test.ctx);
  // The reads below view product pages, and a view counts once per viewer and hour, written in
  // batches: whether a batch beat the seller's counts, or an hour turned between the two passes,
  // would change the answers compared. The counter is stopped, so the views stay unwritten.
  await test.app.viewCounter.stop();
  tokens.buyer = await signIn(test.app, 'buyer@example.com', DEMO_PASSWORD);
  tokens.seller = await signIn(test.app, 'seller@example.com', DEMO_PASSWORD);
  tokens.admin = await signIn(test.app, 'admin@example.com', DEMO_PASSWORD);
  // A deal, so offers, orders and their events are migrated too.
  const products = await test.app.inject({ method: 'GET', url: '/api/products?limit=48' });
  const seller = await test.db.select().from(users).where(eq(users.email, 'seller@example.com'));
  const lot = json<{ data: { _id: string; seller: { sellerId: string } }[] }>(products).data.find(
    (product) => product.seller.sellerId === seller[0]?.id,
  );
  const offer = await test.app.inject({
    method: 'POST',
    url: '/api/offers',
    headers: bearer(tokens.buyer),
    payload: { listingId: lot?._id, quantityLbs: 1, pricePerLb: 900, note: 'Demo deal' },
  });
  const offerId = json<{ data: { _id: string } }>(offer).data._id;
  await test.app.inject({
    method: 'POST',
    url: `/api/offers/${offerId}/accept`,
    headers: bearer(tokens.seller),
  });
}, 180_000);
afterAll(() => test.close());

const get = async (who: keyof typeof tokens, url: string) => {
  const response = await test.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) });
  return { status: response.statusCode, body: response.json() as unknown };
};

/** Every read call of SPEC for the three demo accounts, with the ids the first answers name. */
async function answers(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const ask = async (who: keyof typeof tokens, url: string) => {
    out[`${who} ${url}`] = await get(who, url);
    return out[`${who} ${url}`] as { body: { data?: unknown } };
  };
  const products = await ask('buyer', '/api/products?limit=48');
  await ask('buyer', '/api/products/categories');
  await ask('buyer', '/api/home/summary');
  for (const product of (products.body.data ?? []) as { _id: string; seller: { sellerId: string } }[]) {
    await ask('buyer', `/api/products/${product._id}`);
    await ask('buyer', `/api/sellers/${product.seller.sellerId}`);
  }
  for (const who of ['buyer', 'seller'] as const) {
    for (const url of [
      '/api/auth/me',
      '/api/auth/profile',
      '/api/messages/conversations',
      '/api/messages/unread',
      '/api/offers',
      '/api/orders',
      '/api/deals/summary',
      '/api/saved-searches',
    ])
      await ask(who, url);
    const conversations = (await ask(who, '/api/messages/conversations')).body.data as {
      participantId?: string;
    }[];
    for (const conversation of conversations ?? []) {
      if (conversation.participantId) await ask(who, `/api/messages/thread/${conversation.participantId}`);
    }
  }
  await ask('buyer', '/api/watchlist');
  await ask('seller', '/api/listings/my/listings');
  await ask('seller', '/api/listings/my/insights');
  await ask('admin', '/api/auth/me');
  const accounts = await ask('admin', '/api/admin/users?limit=100');
  for (const account of (accounts.body.data ?? []) as { _id: string }[])
    await ask('admin', `/api/admin/users/${account._id}`);
  await ask('admin', '/api/admin/listings?limit=100');
  await ask('admin', '/api/admin/stats');
  await ask('admin', '/api/admin/audit?limit=100');
  await ask('admin', '/api/offers');
  await ask('admin', '/api/orders');
  return out;
}

const rowCounts = async () => {
  const counts: Record<string, number> = {};
  for (const table of OLDER_TABLES) {
    const result = (await test.db.execute(sql.raw(`SELECT count(*)::int AS n FROM "${table}"`))) as {
      rows: { n: number }[];
    };
    counts[table] = result.rows[0]?.n ?? -1;
  }
  return counts;
};

describe('the companies migrations on the demo data', () => {
  it('answer every SPEC read call as before, lose no row, and make every business a company of one', async () => {
    const before = await answers();
    const countsBefore = await rowCounts();
    expect(Object.values(before).every((answer) => (answer as { status: number }).status === 200)).toBe(true);
    expect(countsBefore.orders).toBe(1);
    const orders = before['seller /api/orders'] as { body: { data: unknown[] } };
    expect(orders.body.data).toHaveLength(1);
    expect(Object.keys(before).length).toBeGreaterThan(40);

    for (const statement of BACK_TO_0023) await test.db.execute(sql.raw(statement));
    await runMigrations(test.ctx.database);

    expect(await rowCounts()).toEqual(countsBefore);
    const after = await answers();
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(after).toEqual(before);

    const businesses = await test.db.select({ n: count() }).from(users).where(sql`${users.role} <> 'admin'`);
    const [companyCount] = await test.db.select({ n: count() }).from(companies);
    expect(companyCount?.n).toBe(businesses[0]?.n);
    const members = await test.db.select().from(companyMembers);
    expect(members.length).toBe(businesses[0]?.n);
    expect(members.every((member) => member.role === 'owner' && member.companyId === member.userId)).toBe(
      true,
    );

    // 0027: every order already made is line 1 of itself, with its lot, pounds and price.
    const lines = (await test.db.execute(sql`
      SELECT o.id FROM orders o JOIN order_lines l ON l.order_id = o.id
      WHERE l.position = 1 AND l.listing_id = o.listing_id AND l.listing_title = o.listing_title
        AND l.quantity_lbs = o.quantity_lbs AND l.price_per_lb = o.price_per_lb AND l.total = o.total`)) as {
      rows: unknown[];
    };
    expect(lines.rows).toHaveLength(countsBefore.orders ?? -1);
  });
});
