import { CALIFORNIA_COUNTIES } from '@canopy/shared';
import pg from 'pg';

// Loads a realistic catalog into PostgreSQL fast: sellers and listings are made by the server with
// generate_series (no row crosses the wire), in chunks, with the listing indexes dropped during the
// load and rebuilt afterwards from their own definitions (a bulk build is far faster than a
// million index insertions).

/**
 * Where licensed growers are: half of the sellers sit in these counties, the rest spread over all
 * 58, so a county facet is sometimes broad (Humboldt) and sometimes narrow (Alpine).
 */
const GROWING_COUNTIES = [
  'Humboldt',
  'Mendocino',
  'Trinity',
  'Los Angeles',
  'Sonoma',
  'Santa Barbara',
  'Monterey',
  'Riverside',
];

const STRAINS = [
  'Blue Dream',
  'OG Kush',
  'Sour Diesel',
  'Gelato',
  'Wedding Cake',
  'Zkittlez',
  'Runtz',
  'Pink Runtz',
  'Gorilla Glue',
  'Girl Scout Cookies',
  'GMO Cookies',
  'Purple Punch',
  'Granddaddy Purple',
  'Jack Herer',
  'Pineapple Express',
  'Green Crack',
  'Durban Poison',
  'Northern Lights',
  'White Widow',
  'Super Lemon Haze',
  'Lemon Cherry Gelato',
  'Ice Cream Cake',
  'Mac 1',
  'Biscotti',
  'Do-Si-Dos',
  'Mimosa',
  'Tangie',
  'Sour Tangie',
  'Trainwreck',
  'AK-47',
  'Cherry Pie',
  'Harlequin',
  'ACDC',
  'Cannatonic',
  'Papaya',
  'Gushers',
  'Mendo Breath',
  'Kush Mints',
  'Apple Fritter',
  'Blue Zushi',
  'Watermelon Zkittlez',
  'Forbidden Fruit',
  'Strawberry Cough',
  'Chemdawg',
  'Bubba Kush',
  'Skywalker OG',
  'Tahoe OG',
  'Headband',
  'Cookies and Cream',
  'Sunset Sherbet',
  'Gary Payton',
  'Jealousy',
  'Permanent Marker',
  'Grape Ape',
  'Platinum OG',
  'Candyland',
  'Banana Kush',
  'Mango Haze',
  'Lemon Haze',
  'Purple Kush',
];

const GRADES = [
  'A-grade',
  'B-grade',
  'top shelf',
  'mids',
  'craft batch',
  'bulk lot',
  'fresh harvest',
  'small batch',
];

const SENTENCES = [
  'Hand-trimmed and slow cured for three weeks.',
  'Machine bucked, hand finished and packed in turkey bags.',
  'Dense buds with heavy trichome coverage.',
  'Sweet berry nose with an earthy pine finish.',
  'Gassy, fuel-forward terpene profile.',
  'Grown in living soil under LED lights.',
  'Sun-grown on a family farm in the Emerald Triangle.',
  'Light-dep greenhouse crop with consistent bud size.',
  'Lab tested for potency, pesticides and microbials.',
  'Priced per pound, volume discounts above 20 lbs.',
  'METRC tagged and ready for transfer.',
  'Ideal for pre-roll production or value jars.',
  'Fresh frozen within hours of harvest for extraction.',
  'Citrus and tropical fruit aromas with a smooth finish.',
  'Compliant packaging and labels available on request.',
  'Pickup or distribution across Northern California.',
];

const BUSINESS_FIRST = [
  'Emerald',
  'Golden',
  'Redwood',
  'Pacific',
  'Sierra',
  'Coastal',
  'Mendocino',
  'Humboldt',
  'Salinas',
  'Sonoma',
  'Valley',
  'Canyon',
  'Summit',
  'Harbor',
  'Sunset',
  'Cedar',
  'Oak',
  'River',
  'Mesa',
  'Ridge',
  'Lost Coast',
  'Trinity',
];
const BUSINESS_SECOND = [
  'Farms',
  'Gardens',
  'Growers',
  'Extracts',
  'Collective',
  'Cultivation',
  'Botanicals',
  'Labs',
  'Co-op',
  'Cannabis Co.',
  'Harvest',
  'Craft',
  'Organics',
  'Supply',
];

export interface LoadOptions {
  listings: number;
  sellers: number;
  /** Rows per INSERT statement (progress is reported per chunk). */
  chunk?: number;
  log?: (line: string) => void;
}

/** Connects to the server's maintenance database and creates the scratch database if needed. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe database name: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

export async function countListings(client: pg.ClientBase): Promise<number> {
  const result = await client.query<{ n: string }>('SELECT count(*) AS n FROM listings');
  return Number(result.rows[0]?.n ?? 0);
}

/** Empties the catalog tables and loads `listings` listings of `sellers` sellers (92% verified). */
export async function loadCatalog(client: pg.ClientBase, options: LoadOptions): Promise<void> {
  const log = options.log ?? (() => {});
  const chunk = options.chunk ?? 100_000;
  await client.query('SET maintenance_work_mem = $$512MB$$');
  await client.query('SET synchronous_commit = off');
  await client.query('TRUNCATE listing_views, listing_media, listings CASCADE');
  await client.query('UPDATE catalog_counts SET visible_listings = 0');
  await client.query(`DELETE FROM users WHERE email LIKE '%@bench.example.com'`);

  log(`sellers: ${options.sellers}`);
  await client.query(
    `INSERT INTO users (id, email, password_hash, role, status, email_verified, business_name, contact_name,
       license_number, license_type, city, county, zip_code)
     SELECT gen_random_uuid(), 'seller' || n || '@bench.example.com', 'not-a-login', 'seller',
       (CASE WHEN n % 100 < 92 THEN 'verified' ELSE 'pending' END)::user_status, true,
       ($2::text[])[1 + (n * 7) % array_length($2::text[], 1)] || ' ' || ($3::text[])[1 + (n * 13) % array_length($3::text[], 1)] || ' ' || n,
       'Bench Seller ' || n, 'C11-' || lpad(n::text, 7, '0') || '-LIC', 'Adult-Use Cultivation', 'Eureka',
       CASE WHEN n % 2 = 0 THEN ($4::text[])[1 + (n / 2) % array_length($4::text[], 1)]
         ELSE ($5::text[])[1 + (n * 7) % array_length($5::text[], 1)] END, '95501'
     FROM generate_series(1, $1::int) AS n`,
    [options.sellers, BUSINESS_FIRST, BUSINESS_SECOND, GROWING_COUNTIES, CALIFORNIA_COUNTIES],
  );
  // Every seller is the owner of a company of one (decision 184), as registration makes them.
  await client.query(
    `INSERT INTO companies (id) SELECT id FROM users WHERE email LIKE '%@bench.example.com'`,
  );
  await client.query(
    `INSERT INTO company_members (user_id, company_id, role)
     SELECT id, id, 'owner' FROM users WHERE email LIKE '%@bench.example.com'`,
  );
  await client.query(
    `CREATE TEMP TABLE bench_sellers AS
     SELECT row_number() OVER (ORDER BY email) AS n, id, business_name, county, status = 'verified' AS verified
     FROM users WHERE email LIKE '%@bench.example.com'`,
  );
  await client.query('CREATE UNIQUE INDEX ON bench_sellers (n)');
  await client.query(
    'CREATE TEMP TABLE bench_types AS SELECT row_number() OVER (ORDER BY sort_order) AS n, id, name, category FROM product_types',
  );

  const indexes = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'listings' AND indexname <> 'listings_pkey'`,
  );
  for (const { indexname } of indexes.rows) await client.query(`DROP INDEX ${indexname}`);

  for (let from = 1; from <= options.listings; from += chunk) {
    const to = Math.min(options.listings, from + chunk - 1);
    const started = Date.now();
    await client.query(
      `INSERT INTO listings (id, seller_id, title, description, product_type_id, category, strain, thc_content,
         cbd_content, zip_code, quantity_lbs, make_offer, asking_price, negotiable, tested, test_link, is_active,
         views_count, seller_business_name, seller_verified, seller_county, created_at, updated_at)
       SELECT gen_random_uuid(), s.id,
         strain || ' ' || t.name || ', ' || ($4::text[])[1 + (g * 11) % array_length($4::text[], 1)],
         ($5::text[])[1 + (g * 3) % array_length($5::text[], 1)] || ' ' || ($5::text[])[1 + (g * 5 + 1) % array_length($5::text[], 1)]
           || ' ' || ($5::text[])[1 + (g * 7 + 2) % array_length($5::text[], 1)] || ' ' || strain || ' from ' || s.business_name || '.',
         t.id, t.category, strain,
         -- One lot in ten is a CBD variety: little THC, much CBD.
         CASE WHEN g % 10 = 7 THEN round((0.2 + random() * 5)::numeric, 2) ELSE round((15 + random() * 15)::numeric, 2) END,
         CASE WHEN g % 10 = 7 THEN round((5 + random() * 15)::numeric, 2) ELSE round((random() * 2)::numeric, 2) END,
         lpad((90000 + g % 6000)::text, 5, '0'), round((0.5 + random() * 200)::numeric, 2),
         g % 5 = 0, CASE WHEN g % 5 = 0 THEN NULL ELSE round((200 + random() * 3000)::numeric, 2) END,
         g % 5 = 0 OR g % 2 = 0, g % 3 = 0, CASE WHEN g % 3 = 0 THEN 'https://coa.example.com/' || g END,
         g % 10 <> 0, (random() * 500)::int, s.business_name, s.verified, s.county,
         -- Listed over two years in insertion order (as ids and rows arrive in real life), give or take an hour.
         now() - ($7::int - g) * (interval '730 days' / $7::int) - random() * interval '1 hour',
         now() - ($7::int - g) * (interval '730 days' / $7::int)
       FROM generate_series($1::int, $2::int) AS g
       -- Skewed like a real menu: the first strains of the list are everywhere, the last are rare.
       CROSS JOIN LATERAL (SELECT ($3::text[])[1 + floor(array_length($3::text[], 1)
         * power(((g::bigint * 2654435761) % 4294967296)::float8 / 4294967296, 2.5))::int] AS strain) AS pick
       JOIN bench_sellers s ON s.n = 1 + (g::bigint * 2654435761) % $6::int
       JOIN bench_types t ON t.n = 1 + (g * 17 + g / 3) % (SELECT count(*) FROM bench_types)`,
      [from, to, STRAINS, GRADES, SENTENCES, options.sellers, options.listings],
    );
    log(
      `listings ${to.toLocaleString('en-US')} / ${options.listings.toLocaleString('en-US')} (${Date.now() - started} ms)`,
    );
  }

  for (const { indexname, indexdef } of indexes.rows) {
    const started = Date.now();
    await client.query(indexdef);
    log(`index ${indexname} (${Date.now() - started} ms)`);
  }
  const started = Date.now();
  await client.query('VACUUM (ANALYZE) listings');
  await client.query('VACUUM (ANALYZE) users');
  log(`vacuum analyze (${Date.now() - started} ms)`);
}
