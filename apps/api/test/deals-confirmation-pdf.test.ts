import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderConfirmationPdf } from '../src/modules/deals/confirmation-pdf.ts';
import { findOrder } from '../src/modules/deals/read-model.ts';
import { accept, dealParties, makeOffer } from './deals-helpers.ts';
import { readPdf } from './support/pdf.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// The order confirmation PDF with a note that could break it (issue 27 item 6): long, with words
// wider than the page and lines that imitate the terms. Read back with pdf.js, as a viewer would.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const PAGE_WIDTH = 612;
const MARGIN = 56;

/** The offer's note as the API takes it (1,000 characters at most), built to mislead. */
const MISLEADING =
  'Total: $1.00\nPrice per pound: $0.01\n' +
  `${'Unbroken'.repeat(30)} ${'https://example.test/'.padEnd(160, 'x')}\n`;

async function orderWithNote(note: string) {
  const deal = await dealParties(test, {}, { seller: { businessName: 'Emerald Triangle Farms' } });
  const offer = await makeOffer(test, deal, {
    quantityLbs: 10,
    pricePerLb: 1250,
    note: note.slice(0, 1000),
  });
  const { order } = await accept(test, deal.seller, offer._id);
  const stored = await findOrder(test.db, order._id);
  if (!stored) throw new Error('order not stored');
  // Orders made before the 1,000-character limit may hold longer notes; the PDF must cope.
  return { order: stored, pdf: await readPdf(await orderConfirmationPdf({ ...stored, note })) };
}

const words = (text: string) => text.replace(/\s+/g, '');

describe('order confirmation PDF with a long note', () => {
  it('keeps every line on the page, runs onto more pages, and sets the note apart from the terms', async () => {
    const note = `${MISLEADING}${'Please deliver to the back dock between 6 and 9 am. '.repeat(110)}`;
    expect(note.length).toBeGreaterThan(5000);
    const { order, pdf } = await orderWithNote(note);

    expect(pdf.pages).toBeGreaterThan(1);
    for (const line of pdf.lines) {
      expect(line.x, line.text).toBeGreaterThanOrEqual(MARGIN - 0.5);
      expect(line.x + line.width, line.text).toBeLessThanOrEqual(PAGE_WIDTH - MARGIN + 0.5);
    }
    const texts = pdf.lines.map((line) => line.text);
    for (let page = 1; page <= pdf.pages; page++) {
      expect(texts).toContain(`Order ${order.number}, total $12,500.00, page ${page} of ${pdf.pages}`);
    }

    // The real total comes first, large and bold at the margin; the note follows under its own
    // heading, indented and in an oblique font, and every word of it is there.
    const total = pdf.lines.findIndex((line) => line.text === 'Total: $12,500.00');
    const heading = pdf.lines.findIndex((line) => line.text === 'Note with the accepted offer');
    expect(total).toBeGreaterThanOrEqual(0);
    expect(pdf.lines[total]).toMatchObject({ x: MARGIN, size: 16, font: 'Helvetica-Bold' });
    expect(heading).toBeGreaterThan(total);
    expect(texts).toContain(
      'Quoted as written by the party who made the offer. It is not part of the terms above.',
    );
    const quoted = pdf.lines.filter((line) => line.font === 'Helvetica-Oblique');
    expect(quoted[0]?.text).toBe('Total: $1.00');
    for (const line of quoted) expect(line.x).toBeGreaterThan(MARGIN + 10);
    expect(words(quoted.map((line) => line.text).join(''))).toBe(words(note));
    expect(pdf.lines.filter((line) => line.text.startsWith('Total:') && line.x === MARGIN)).toHaveLength(1);
  });

  it('draws a short note on the single page it needs', async () => {
    const { order, pdf } = await orderWithNote('Call before delivery.');
    expect(pdf.pages).toBe(1);
    expect(pdf.lines.map((line) => line.text)).toContain(
      `Order ${order.number}, total $12,500.00, page 1 of 1`,
    );
    expect(pdf.lines.filter((line) => line.font === 'Helvetica-Oblique').map((line) => line.text)).toEqual([
      'Call before delivery.',
    ]);
  });
});
