import {
  DISPLAY_TIME_ZONE,
  formatLbs,
  formatUsd,
  type InvoiceDto,
  PAYMENT_TERMS_LABELS,
} from '@canopy/shared';
import type { OrderPartySnapshot } from '../../db/schema/index.ts';
import { BRAND, MUTED, newPaper, type OrderView, PAGE, party, RIGHT_COLUMN, when } from '../deals/index.ts';

// The printable invoice (issue 23 item 4), drawn like the order confirmation. It carries every
// field B&P §26161(a) asks of a licensee's sales invoice: the seller's and the purchaser's names
// and addresses (with their license numbers), the date of sale and the invoice number, the kind,
// quantity and size of each item and of the packages, the cost to the purchaser with any discount,
// and the place transport started.

const pacificDate = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: DISPLAY_TIME_ZONE }).format(date);

/** The invoice's party as the shared party block draws it. */
const asParty = (invoicePart: InvoiceDto['seller'], snapshot: OrderPartySnapshot): OrderPartySnapshot => ({
  ...snapshot,
  businessName: invoicePart.businessName,
  licenseNumber: invoicePart.licenseNumber,
  address: invoicePart.address,
});

export async function invoicePdf(order: OrderView, invoice: InvoiceDto): Promise<Uint8Array> {
  const issuedAt = new Date(invoice.issuedAt);
  const { pdf, w } = await newPaper(`Invoice ${invoice.number}`, issuedAt);
  w.text('Canopy', { bold: true, size: 14, color: BRAND });
  w.text(`Invoice ${invoice.number}`, { bold: true, size: 20 });
  const superseded = invoice.versions.length > 1 ? ` (replaces version ${invoice.version - 1})` : '';
  w.text(`Version ${invoice.version}${superseded}, issued ${when(issuedAt)} (Pacific time).`, {
    color: MUTED,
  });
  w.text(`Date of sale: ${pacificDate(order.createdAt)}. Order ${order.number}.`);
  w.gap();
  w.rule();
  w.columns(
    (left) => party(left, 'SELLER', asParty(invoice.seller, order.seller), PAGE.margin),
    (right) => party(right, 'PURCHASER', asParty(invoice.buyer, order.buyer), RIGHT_COLUMN),
  );
  w.gap();
  w.text(`Transport origin: ${invoice.transportOrigin}`, { bold: true });
  w.gap();
  w.rule();
  w.text('Items', { bold: true, size: 13 });
  for (const [index, line] of invoice.lines.entries()) {
    w.text(`${index + 1}. ${line.description}`, { bold: true });
    w.text(
      `Quantity: ${formatLbs(line.quantityLbs)} (unit: ${line.unit}) at ${formatUsd(line.pricePerLb)}/${line.unit}`,
      { x: PAGE.margin + 14 },
    );
    w.text(`Discount: ${formatUsd(line.discount)}. Amount: ${formatUsd(line.amount)}`, {
      x: PAGE.margin + 14,
    });
  }
  const packages = order.fulfilment?.packages ?? [];
  if (packages.length > 0) {
    w.gap(6);
    w.text('Packages (Metrc UID and size)', { bold: true, size: 11 });
    for (const item of packages) {
      w.text(`${item.uid}: ${formatLbs(item.quantityLbs)}`, { x: PAGE.margin + 14 });
    }
  }
  w.gap();
  w.rule();
  w.text(`Total due: ${formatUsd(invoice.total)}`, { bold: true, size: 16 });
  w.text(`Payment terms: ${PAYMENT_TERMS_LABELS[invoice.paymentTerms]}`);
  w.text(`Due date: ${invoice.dueDate ?? 'set when the order is delivered'}`);
  w.text(`Paid: ${formatUsd(invoice.paid)}. Balance: ${formatUsd(invoice.balance)}.`);
  w.gap();
  w.rule();
  w.text(
    'Issued under California Business and Professions Code section 26161. Once the goods are in transit this invoice is not changed; it is kept for seven years.',
    { size: 9, color: MUTED },
  );
  w.numberPages({ number: invoice.number, total: invoice.total }, 'Invoice');
  return pdf.save();
}
