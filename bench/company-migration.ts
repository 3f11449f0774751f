import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { BACK_TO_0023 } from '../apps/api/test/support/before-companies.ts';
import { ensureDatabase, loadCatalog } from './generate.ts';

// `node --import tsx bench/company-migration.ts`: how long the companies migrations (0024 onwards)
// take on a 100k-listing database (issue 28, decision 202). The catalog is generated, the database
// taken back to its shape at 0023 with one offer per listing, and the migrations timed as a
// deployment would run them. The database is left for inspection: drop it when done.
// BENCH_DATABASE_URL (default canopy_bench_companies on the local server), BENCH_LISTINGS (100000).

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/canopy_bench_companies';
const listings = Number(process.env.BENCH_LISTINGS ?? 100_000);
const log = (line: string) => process.stdout.write(`${line}\n`);

await ensureDatabase(url);
const database = await openDatabase({ databaseUrl: url, dataDir: '' });
await runMigrations(database);
const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  await loadCatalog(client, { listings, sellers: Math.max(10, Math.ceil(listings / 200)), log });
  // One closed offer per listing by one bench buyer, so 0026's backfill of offers has rows to write.
  await client.query(`DELETE FROM users WHERE email = 'buyer@bench-offers.example.com'`);
  await client.query(
    `WITH buyer AS (
       INSERT INTO users (id, email, password_hash, role, status, email_verified, business_name, contact_name,
         license_number, license_type, city, county, zip_code)
       VALUES (gen_random_uuid(), 'buyer@bench-offers.example.com', 'not-a-login', 'buyer', 'verified', true,
         'Bench Buyer', 'Bench Buyer', 'C10-0000001-LIC', 'Adult-Use Retail', 'Eureka', 'Humboldt', '95501')
       RETURNING id)
     INSERT INTO offers (id, listing_id, listing_title, buyer_id, seller_id, quantity_lbs, price_per_lb,
       status, made_by, lot_version, expires_at, responded_at)
     SELECT gen_random_uuid(), l.id, l.title, buyer.id, l.seller_id, 1, 100, 'declined', 'buyer', l.lot_version,
       now() + interval '7 days', now()
     FROM listings l CROSS JOIN buyer`,
  );
  for (const statement of BACK_TO_0023) await client.query(statement);
  await client.query('VACUUM ANALYZE');
  const users = await client.query<{ n: string }>('SELECT count(*) AS n FROM users');
  const offers = await client.query<{ n: string }>('SELECT count(*) AS n FROM offers');
  const started = process.hrtime.bigint();
  await runMigrations(database);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const companies = await client.query<{ n: string }>('SELECT count(*) AS n FROM companies');
  log(
    `0024 onwards on ${listings.toLocaleString('en-US')} listings, ${users.rows[0]?.n} accounts, ${offers.rows[0]?.n} offers: ${ms.toFixed(0)} ms; ${companies.rows[0]?.n} companies`,
  );
} finally {
  await client.end();
  await database.close();
}
