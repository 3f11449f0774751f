import {
  type ApiKeyCreated,
  LISTING_RULES,
  LOT_IMPORT,
  LOT_IMPORT_COLUMNS,
  LOT_IMPORT_MAX_ROWS,
  type LotImportResponse,
  type SellerListingsResponse,
  STATE_RECORD,
  scopeForbids,
} from '@canopy/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings, type UserRow } from '../src/db/schema/index.ts';
import { insertListing } from '../src/seed/factories.ts';
import { bearer, createTestApp, json, multipart, type TestApp, userWithToken } from './support/test-app.ts';

// Bulk import of lots (issue 24 item 3, decision 230): a dry run checks every row by the listing
// form's rules and the file's own (lot named twice, SKU twice, package UIDs taken) and writes
// nothing; an apply writes a file without errors through the listing service, creating and
// updating by external SKU; the listing export imports back as it is; the 5,000-row limit; scopes.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

type Seller = { user: UserRow; token: string };
const newSeller = (): Promise<Seller> => userWithToken(test, { role: 'seller' });

let uidCounter = 0;
const newUid = () => `1A4060300002EE1000${String(++uidCounter).padStart(6, '0')}`;

const COLUMNS = Object.keys(LOT_IMPORT_COLUMNS);
type Row = Partial<Record<string, string>>;

/** A valid row of the template's columns; `fields` replaces some. */
const lot = (fields: Row = {}): Row => ({
  title: 'Blue Dream Indoor',
  description: 'Dense indoor flower, hand trimmed and cured for three weeks.',
  product_type: 'Flower - Indoor',
  zip_code: '95501',
  quantity_lbs: '10',
  make_offer: 'false',
  asking_price: '1200',
  negotiable: 'false',
  tested: 'false',
  ...fields,
});

/** RFC 4180: every cell quoted, quotes doubled, CRLF line ends. */
const quoted = (cell: string) => `"${cell.replace(/"/g, '""')}"`;
function csvOf(rows: Row[], columns = COLUMNS): string {
  const lines = [
    columns.join(','),
    ...rows.map((row) => columns.map((column) => quoted(row[column] ?? '')).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

async function upload(auth: string, text: string, dryRun: boolean) {
  const form = new FormData();
  form.append('file', new File([text], 'lots.csv', { type: 'text/csv' }));
  const body = await multipart(form);
  return test.app.inject({
    method: 'POST',
    url: `/api/listings/import?dryRun=${dryRun}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(auth) },
  });
}

async function imported(auth: string, text: string, dryRun: boolean) {
  const response = await upload(auth, text, dryRun);
  expect(response.statusCode, response.body).toBe(200);
  return json<LotImportResponse>(response);
}

const lotsOf = (seller: Seller) =>
  test.db.select().from(listings).where(eq(listings.sellerId, seller.user.id)).orderBy(asc(listings.id));

async function withSku(seller: Seller, sku: string, seed: Parameters<typeof insertListing>[2] = {}) {
  const row = await insertListing(test.db, seller.user, seed);
  await test.db.update(listings).set({ externalSku: sku }).where(eq(listings.id, row.id));
  return row;
}

describe('a dry run', () => {
  it('says what would be created and updated by external SKU, and writes nothing', async () => {
    const seller = await newSeller();
    await withSku(seller, 'SKU-1', { title: 'Old title for the lot' });
    const before = await lotsOf(seller);
    const answer = await imported(
      seller.token,
      csvOf([lot({ external_sku: 'SKU-1', title: 'New title for the lot' }), lot({ external_sku: 'SKU-2' })]),
      true,
    );
    expect(answer).toMatchObject({ success: true, applied: false, message: LOT_IMPORT.checked });
    expect(answer.data).toMatchObject({ rows: 2, created: 1, updated: 1, unchanged: 0, errors: [] });
    expect(answer.data.outcomes.map((row) => [row.line, row.action, row.external_sku])).toEqual([
      [2, 'update', 'SKU-1'],
      [3, 'create', 'SKU-2'],
    ]);
    expect(await lotsOf(seller)).toEqual(before);
  });

  it("lists every row's errors by line and column, and an apply of that file writes nothing", async () => {
    const seller = await newSeller();
    const taken = newUid();
    const repeated = newUid();
    await insertListing(test.db, seller.user, { title: 'Holder of a package' }).then((row) =>
      test.db
        .update(listings)
        .set({ packageUids: [taken] })
        .where(eq(listings.id, row.id)),
    );
    const before = await lotsOf(seller);
    const rows: Row[] = [
      // Line 2: valid, its description holding a comma, a line break and quotes.
      lot({
        external_sku: 'A-1',
        description: 'Sticky, "loud" buds\nfrom the north field.',
        package_uids: repeated,
      }),
      lot({ title: 'ab' }),
      lot({ zip_code: '9550' }),
      lot({ asking_price: '' }),
      lot({ product_type: 'Moon rocks' }),
      lot({ external_sku: 'A-1' }),
      lot({ package_uids: taken }),
      lot({ package_uids: `${newUid()}; ${repeated}` }),
      lot({ package_uids: 'nope' }),
      lot({ tested: 'true', test_link: 'ftp://lab.example/coa.pdf' }),
      lot({ id: '0190a2b4-1c2d-7e3f-8a9b-0c1d2e3f4a5b' }),
      lot({ tested: 'maybe' }),
    ];
    const text = csvOf(rows, ['id', ...COLUMNS]);
    const answer = await imported(seller.token, text, true);
    expect(answer.data.errors).toEqual([
      { line: 3, column: 'title', message: LISTING_RULES.titleTooShort },
      { line: 4, column: 'zip_code', message: LISTING_RULES.zipInvalid },
      { line: 5, column: 'asking_price', message: LISTING_RULES.priceRequired },
      { line: 6, column: 'product_type', message: LISTING_RULES.productTypeUnknown },
      { line: 7, column: 'external_sku', message: LOT_IMPORT.skuRepeated(2) },
      { line: 8, column: 'package_uids', message: STATE_RECORD.packageUidTaken(taken) },
      { line: 9, column: 'package_uids', message: LOT_IMPORT.packageUidRepeated(repeated, 2) },
      { line: 10, column: 'package_uids', message: STATE_RECORD.packageUidInvalid('NOPE') },
      { line: 11, column: 'test_link', message: LISTING_RULES.testLinkInvalid },
      { line: 12, column: 'id', message: LOT_IMPORT.idUnknown },
      { line: 13, column: 'tested', message: LISTING_RULES.booleanInvalid('tested') },
    ]);
    expect(answer.data).toMatchObject({ rows: 12, created: 1, updated: 0 });

    const refused = await upload(seller.token, text, false);
    expect(refused.statusCode).toBe(422);
    expect(json(refused)).toMatchObject({
      success: false,
      error: LOT_IMPORT.hasErrors(11),
      code: 'lot_import_has_errors',
      data: { errors: answer.data.errors },
    });
    expect(await lotsOf(seller)).toEqual(before);
  });

  it('refuses a header it cannot read and a quote that is never closed, by line', async () => {
    const seller = await newSeller();
    const header = await imported(seller.token, 'title,description,colour\r\n"Lot","Words here"\r\n', true);
    expect(header.data.errors.filter((error) => error.line === 1)).toEqual([
      { line: 1, column: 'colour', message: LOT_IMPORT.unknownColumn('colour') },
      { line: 1, column: 'product_type', message: LOT_IMPORT.missingColumn('product_type') },
      { line: 1, column: 'zip_code', message: LOT_IMPORT.missingColumn('zip_code') },
      { line: 1, column: 'quantity_lbs', message: LOT_IMPORT.missingColumn('quantity_lbs') },
    ]);
    expect(header.data.errors).toContainEqual({
      line: 2,
      column: 'product_type',
      message: LISTING_RULES.productTypeRequired,
    });
    const broken = await imported(seller.token, `${csvOf([lot()])}"Unclosed,lot\r\n`, true);
    expect(broken.data.errors).toEqual([{ line: 3, column: null, message: LOT_IMPORT.notCsv }]);
  });

  it(`refuses a file of more than ${LOT_IMPORT_MAX_ROWS} lots`, async () => {
    const seller = await newSeller();
    const line = `${COLUMNS.map((column) => quoted(lot()[column] ?? '')).join(',')}\r\n`;
    const text = `${COLUMNS.join(',')}\r\n${line.repeat(LOT_IMPORT_MAX_ROWS + 1)}`;
    const response = await upload(seller.token, text, true);
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ success: false, error: LOT_IMPORT.tooManyRows });
  });
});

describe('applying', () => {
  it('creates and updates by external SKU through the listing service, then finds nothing to change', async () => {
    const seller = await newSeller();
    const existing = await withSku(seller, 'SKU-1', { quantityLbs: 10, strain: 'Blue Dream' });
    const [before] = await test.db.select().from(listings).where(eq(listings.id, existing.id));
    const uids = [newUid(), newUid()];
    // A byte-order mark and TRUE as a spreadsheet writes it.
    const text = `\uFEFF${csvOf([
      lot({ external_sku: 'SKU-1', quantity_lbs: '25.5' }),
      lot({
        external_sku: 'SKU-2',
        title: 'Runtz Greenhouse',
        make_offer: 'TRUE',
        asking_price: '',
        package_uids: uids.join(' '),
      }),
    ])}`;
    const answer = await imported(seller.token, text, false);
    expect(answer).toMatchObject({ applied: true, message: LOT_IMPORT.applied });
    expect(answer.data).toMatchObject({ rows: 2, created: 1, updated: 1, unchanged: 0, errors: [] });

    const [updated] = await test.db.select().from(listings).where(eq(listings.id, existing.id));
    expect(updated).toMatchObject({ quantityLbs: 25.5, strain: 'Blue Dream', externalSku: 'SKU-1' });
    expect(updated?.version).toBe((before?.version ?? 0) + 1);
    expect(updated?.stockVersion).toBe((before?.stockVersion ?? 0) + 1);
    const createdId = answer.data.outcomes[1]?.id;
    const [created] = await test.db.select().from(listings).where(eq(listings.externalSku, 'SKU-2'));
    expect(created).toMatchObject({
      id: createdId,
      title: 'Runtz Greenhouse',
      makeOffer: true,
      negotiable: true,
      askingPrice: null,
      packageUids: uids,
      isActive: true,
    });

    const mine = json<SellerListingsResponse>(
      await test.app.inject({
        method: 'GET',
        url: '/api/listings/my/listings',
        headers: bearer(seller.token),
      }),
    );
    expect(mine.data.listings.map((listing) => listing.title)).toContain('Runtz Greenhouse');

    const again = await imported(seller.token, text, false);
    expect(again.data).toMatchObject({ rows: 2, created: 0, updated: 0, unchanged: 2 });
  });

  it('imports its own export back with no change', async () => {
    const seller = await newSeller();
    await imported(
      seller.token,
      csvOf([
        lot({ external_sku: 'EX-1', title: '- Premium OG', package_uids: `${newUid()},${newUid()}` }),
        lot({
          external_sku: '=SUM(A1)',
          description: 'Commas, "quotes"\r\nand a second line.',
          batch_number: 'B-7',
        }),
        lot({ tested: 'true', test_link: 'https://lab.example/coa.pdf', quantity_lbs: '0.5' }),
      ]),
      false,
    );
    await insertListing(test.db, seller.user, {
      makeOffer: true,
      askingPrice: 700,
      strain: 'Kept',
      thcContent: 22.5,
    });
    await insertListing(test.db, seller.user, { isActive: false, title: 'Archived lot' });
    await insertListing(test.db, seller.user, { quantityLbs: 0, title: 'Sold out lot' });
    // Volume tiers have no column: a re-import keeps them (decision 233).
    const tiered = await insertListing(test.db, seller.user, { title: 'Tiered lot', askingPrice: 1000 });
    await test.db
      .update(listings)
      .set({ priceTiers: [{ fromLbs: 50, pricePerLb: 900 }] })
      .where(eq(listings.id, tiered.id));
    const before = await lotsOf(seller);

    const exportCsv = async () =>
      (
        await test.app.inject({
          method: 'GET',
          url: '/api/listings/export.csv',
          headers: bearer(seller.token),
        })
      ).body;
    const exported = await exportCsv();
    const answer = await imported(seller.token, exported, false);
    expect(answer.data).toMatchObject({ rows: 7, created: 0, updated: 0, unchanged: 7, errors: [] });
    expect(await lotsOf(seller)).toEqual(before);
    expect(await exportCsv()).toBe(exported);
  });
});

describe('the external SKU', () => {
  it('belongs to one live lot: an archived lot keeps its SKU, and is not relisted while another lot has it', async () => {
    const seller = await newSeller();
    const archived = await withSku(seller, 'SKU-9', { isActive: false, title: 'Last season' });
    // A row with the SKU of an archived lot only makes a new live lot.
    const answer = await imported(seller.token, csvOf([lot({ external_sku: 'SKU-9' })]), false);
    expect(answer.data).toMatchObject({ created: 1, updated: 0 });
    const relist = await test.app.inject({
      method: 'POST',
      url: `/api/listings/${archived.id}/relist`,
      headers: bearer(seller.token),
    });
    expect(relist.statusCode).toBe(409);
    expect(json(relist)).toMatchObject({ error: LOT_IMPORT.skuTaken, code: 'external_sku_taken' });
  });
});

describe('who may import', () => {
  async function keyFor(seller: Seller, scopes: string[]) {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: bearer(seller.token),
      payload: { name: `Import ${scopes.join(' ')}`, scopes },
    });
    expect(response.statusCode, response.body).toBe(201);
    return json<{ data: ApiKeyCreated }>(response).data.secret;
  }

  it('takes a key with listings:write and refuses one with only listings:read', async () => {
    const seller = await newSeller();
    const text = csvOf([lot({ external_sku: 'KEY-1' })]);
    const reader = await upload(await keyFor(seller, ['listings:read']), text, true);
    expect(reader.statusCode).toBe(403);
    expect(json(reader)).toMatchObject({ error: scopeForbids('listings:write') });
    const writer = await imported(await keyFor(seller, ['listings:write']), text, false);
    expect(writer.data).toMatchObject({ created: 1 });
    const template = await test.app.inject({
      method: 'GET',
      url: '/api/listings/import/template.csv',
      headers: bearer(seller.token),
    });
    expect(template.body).toBe(`${COLUMNS.join(',')}\r\n`);
  });
});
