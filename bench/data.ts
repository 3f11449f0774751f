import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { ensureDatabase, loadCatalog } from './generate.ts';

// `npm run bench:data -- --listings N`: fills the PostgreSQL database named by DATABASE_URL
// (created and migrated when missing) with N generated listings, replacing any catalog it held.
// Everything is made by the server (generate_series), so a million listings take minutes.

const { values } = parseArgs({
  options: { listings: { type: 'string', default: '1000000' }, sellers: { type: 'string' } },
});
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL must name the PostgreSQL database to fill');
const listings = Number(values.listings);
if (!Number.isInteger(listings) || listings < 1)
  throw new Error(`--listings must be a whole number, got ${values.listings}`);
// About 200 listings per seller, like the generator's reference load (5,000 sellers for 1M).
const sellers = values.sellers ? Number(values.sellers) : Math.max(10, Math.ceil(listings / 200));

const log = (line: string) => process.stdout.write(`${line}\n`);
const started = Date.now();
await ensureDatabase(url);
const database = await openDatabase({ databaseUrl: url, dataDir: '' });
await runMigrations(database);
await database.close();

const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  await loadCatalog(client, { listings, sellers, log });
} finally {
  await client.end();
}
log(`loaded ${listings.toLocaleString('en-US')} listings in ${((Date.now() - started) / 1000).toFixed(0)} s`);
