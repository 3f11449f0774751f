import { randomUUID } from 'node:crypto';
import pg from 'pg';

// An invoice for an accepted order, written into the server's database as scheduling the order
// would issue it (that route is another branch's): version 1 with the order's one line, and the
// order delivered `deliveredDaysAgo` days ago on the given terms, so its due date is known.

export async function issueInvoiceInDatabase(
  databaseUrl: string,
  orderId: string,
  { terms, deliveredDaysAgo }: { terms: 'cod' | 'net7' | 'net15' | 'net30'; deliveredDaysAgo: number },
): Promise<{ number: string; total: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    const order = await client.query<{
      number: string;
      seller_id: string;
      total: string;
      listing_title: string;
      quantity_lbs: string;
      price_per_lb: string;
      seller: { address: { street: string; city: string } };
      buyer: unknown;
    }>(
      `UPDATE orders SET payment_terms = $2, delivered_at = now() - make_interval(days => $3)
       WHERE id = $1
       RETURNING number, seller_id, total, listing_title, quantity_lbs, price_per_lb, seller, buyer`,
      [orderId, terms, deliveredDaysAgo],
    );
    const row = order.rows[0];
    if (!row) throw new Error(`no order ${orderId}`);
    const id = randomUUID();
    const number = `INV-${row.number.slice(4)}`;
    await client.query(
      `INSERT INTO invoices (id, order_id, version, seller_company_id, number, payment_terms, transport_origin, parties, total)
       VALUES ($1, $2, 1, $3, $4, $5, $6, $7, $8)`,
      [
        id,
        orderId,
        row.seller_id,
        number,
        terms,
        `${row.seller.address.street}, ${row.seller.address.city}, CA`,
        JSON.stringify({ seller: row.seller, buyer: row.buyer }),
        row.total,
      ],
    );
    await client.query(
      `INSERT INTO invoice_lines (invoice_id, position, description, quantity_lbs, price_per_lb)
       VALUES ($1, 1, $2, $3, $4)`,
      [id, row.listing_title, row.quantity_lbs, row.price_per_lb],
    );
    await client.query('COMMIT');
    return { number, total: Number(row.total) };
  } finally {
    await client.end();
  }
}
