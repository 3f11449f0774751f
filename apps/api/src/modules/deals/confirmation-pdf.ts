import { DISPLAY_TIME_ZONE, describeTerms, formatLbs, formatUsd } from '@canopy/shared';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { OrderPartySnapshot } from '../../db/schema/index.ts';
import type { OrderView } from './read-model.ts';

// The printable order confirmation (issue 14 item 4), drawn on the server with pdf-lib (already
// the repo's PDF library): one US Letter page naming both businesses as they were when the offer
// was accepted, the terms and the total. Text is drawn with the standard Helvetica fonts, so
// characters they cannot encode are replaced rather than failing the download.

const PAGE = { width: 612, height: 792, margin: 56 };
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.35, 0.35, 0.35);
const BRAND = rgb(0.09, 0.4, 0.2);

const when = (date: Date) =>
  new Intl.DateTimeFormat('en-US', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: DISPLAY_TIME_ZONE,
  }).format(date);

/** Each character the font cannot encode becomes "?". */
function printable(font: PDFFont, text: string): string {
  let out = '';
  for (const char of text.replace(/[\r\n\t]+/g, ' ')) {
    try {
      font.encodeText(char);
      out += char;
    } catch {
      out += '?';
    }
  }
  return out;
}

/** Splits text into lines that fit the width. */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

class Writer {
  private y = PAGE.height - PAGE.margin;
  constructor(
    private readonly page: PDFPage,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {}

  text(
    text: string,
    options: { size?: number; bold?: boolean; color?: typeof INK; x?: number; width?: number } = {},
  ) {
    const size = options.size ?? 11;
    const font = options.bold ? this.bold : this.regular;
    const x = options.x ?? PAGE.margin;
    const width = options.width ?? PAGE.width - PAGE.margin - x;
    for (const line of wrap(font, size, printable(font, text), width)) {
      this.page.drawText(line, { x, y: this.y - size, size, font, color: options.color ?? INK });
      this.y -= size * 1.4;
    }
  }

  gap(points = 10) {
    this.y -= points;
  }

  /** Two blocks side by side (the two businesses); continues below the taller one. */
  columns(left: (w: Writer) => void, right: (w: Writer) => void) {
    const top = this.y;
    left(this);
    const leftBottom = this.y;
    this.y = top;
    right(this);
    this.y = Math.min(this.y, leftBottom);
  }

  rule() {
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y },
      end: { x: PAGE.width - PAGE.margin, y: this.y },
      thickness: 0.5,
      color: MUTED,
    });
    this.y -= 12;
  }
}

function party(w: Writer, heading: string, business: OrderPartySnapshot, x: number) {
  const width = (PAGE.width - 2 * PAGE.margin) / 2 - 12;
  const { address } = business;
  w.text(heading, { bold: true, size: 10, color: MUTED, x, width });
  w.text(business.businessName || '(no business name)', { bold: true, size: 12, x, width });
  w.text(`License: ${business.licenseNumber || 'not given'}`, { x, width });
  if (business.licenseType) w.text(business.licenseType, { x, width, color: MUTED });
  w.text(address.street, { x, width });
  w.text(`${address.city}, ${address.state} ${address.zipCode}`, { x, width });
  if (address.county) w.text(`${address.county} County`, { x, width, color: MUTED });
}

export async function orderConfirmationPdf(order: OrderView): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Order ${order.number} confirmation`);
  pdf.setProducer('Canopy');
  pdf.setCreator('Canopy');
  pdf.setCreationDate(order.createdAt);
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  const w = new Writer(
    page,
    await pdf.embedFont(StandardFonts.Helvetica),
    await pdf.embedFont(StandardFonts.HelveticaBold),
  );

  w.text('Canopy', { bold: true, size: 14, color: BRAND });
  w.text(`Order confirmation ${order.number}`, { bold: true, size: 20 });
  w.text(`Confirmed ${when(order.createdAt)} (Pacific time). Status: ${order.status}.`, { color: MUTED });
  w.gap();
  w.rule();
  const half = PAGE.margin + (PAGE.width - 2 * PAGE.margin) / 2 + 12;
  w.columns(
    (left) => party(left, 'SELLER', order.seller, PAGE.margin),
    (right) => party(right, 'BUYER', order.buyer, half),
  );
  w.gap();
  w.rule();
  w.text('Terms', { bold: true, size: 13 });
  w.text(`Product: ${order.listingTitle}`);
  w.text(`Quantity: ${formatLbs(order.quantityLbs)}`);
  w.text(`Price per pound: ${formatUsd(order.pricePerLb)}`);
  w.text(`Deliver by: ${order.deliverBy ?? 'not set'}`);
  if (order.note) w.text(`Note: ${order.note}`);
  w.gap();
  w.text(`Total: ${formatUsd(order.total)}`, { bold: true, size: 16 });
  w.text(describeTerms(order), { color: MUTED, size: 9 });
  w.gap();
  w.rule();
  w.text(
    'Both businesses are licensed California cannabis operators. This confirmation records the terms agreed on Canopy; transfer, manifests and payment follow California cannabis regulations and the parties\u2019 own arrangements.',
    { size: 9, color: MUTED },
  );
  return pdf.save();
}
