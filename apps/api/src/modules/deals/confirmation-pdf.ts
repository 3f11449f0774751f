import { DISPLAY_TIME_ZONE, describeTerms, formatLbs, formatUsd, roundCents } from '@canopy/shared';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { OrderPartySnapshot } from '../../db/schema/index.ts';
import type { OrderView } from './read-model.ts';

// The printable order confirmation (issue 14 item 4), drawn on the server with pdf-lib (already
// the repo's PDF library): US Letter pages naming both businesses as they were when the offer was
// accepted, the terms and the total. Text is drawn with the standard Helvetica fonts, so
// characters they cannot encode are replaced rather than failing the download.
//
// The offer's note is the parties' own text and may say anything ("Total: $1.00"), so it comes
// after the real total under a heading of its own, indented behind a bar in an oblique font that
// nothing else uses, hard-wrapped (a word wider than the column is cut) and carried onto further
// pages; every page is numbered, so a missing page shows (issue 27 item 6).

export const PAGE = { width: 612, height: 792, margin: 56 };
const INK = rgb(0.1, 0.1, 0.1);
export const MUTED = rgb(0.35, 0.35, 0.35);
export const BRAND = rgb(0.09, 0.4, 0.2);
const NOTE_BAR = rgb(0.75, 0.75, 0.75);
/** Where the quoted note starts, right of its bar. */
const NOTE_INDENT = 18;
/**
 * Kept free right of the note: viewers measure the standard fonts with their own metrics, a little
 * wider than pdf-lib's on a line of unbroken letters.
 */
const NOTE_PADDING = 8;
const NOTE_HEADING = 'Note with the accepted offer';
/** Room kept at the foot of each page for its number. */
const FOOTER_ROOM = 24;

const footer = (order: Pick<OrderView, 'number' | 'total'>, page: number, pages: number, noun: string) =>
  `${noun} ${order.number}, total ${formatUsd(order.total)}, page ${page} of ${pages}`;

/** "December 1, 2026 at 9:30 AM" in Pacific time: how the printed papers state a moment. */
export const when = (date: Date) =>
  new Intl.DateTimeFormat('en-US', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: DISPLAY_TIME_ZONE,
  }).format(date);

/** Each character the font cannot encode becomes "?"; line breaks stay where `keepLines` asks. */
function printable(font: PDFFont, text: string, keepLines: boolean): string {
  const flat = text.replace(/\r\n?/g, '\n').replace(keepLines ? /\t/g : /[\n\t]+/g, ' ');
  let out = '';
  for (const char of flat) {
    if (char === '\n') {
      out += char;
      continue;
    }
    try {
      font.encodeText(char);
      out += char;
    } catch {
      out += '?';
    }
  }
  return out;
}

/** Cuts a word wider than the width into pieces that fit. */
function split(font: PDFFont, size: number, word: string, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece && font.widthOfTextAtSize(piece + char, size) > width) {
      pieces.push(piece);
      piece = '';
    }
    piece += char;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** Splits text into lines that fit the width, keeping its own line breaks. */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ').filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width) {
        line = next;
        continue;
      }
      if (line) lines.push(line);
      const pieces = split(font, size, word, width);
      line = pieces.pop() ?? '';
      lines.push(...pieces);
    }
    lines.push(line);
  }
  // Blank lines the writer left between paragraphs stay; those at either end go.
  while (lines.at(-1) === '') lines.pop();
  while (lines[0] === '') lines.shift();
  return lines;
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  quote: PDFFont;
}

interface TextOptions {
  size?: number;
  bold?: boolean;
  color?: typeof INK;
  x?: number;
  width?: number;
}

/** Draws flowing text onto US Letter pages (the invoice and the manifest draw with it too). */
export class Writer {
  private page!: PDFPage;
  private y = 0;
  /** Drawn at the top of each page this one runs onto (the note's heading, say it continues). */
  onNewPage: (() => void) | null = null;

  constructor(
    private readonly pdf: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.addPage();
  }

  private addPage() {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  /** Starts a new page unless `height` more points fit on this one. */
  keep(height: number) {
    if (this.y - height >= PAGE.margin + FOOTER_ROOM) return;
    this.addPage();
    this.onNewPage?.();
  }

  text(text: string, options: TextOptions = {}) {
    const size = options.size ?? 11;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const x = options.x ?? PAGE.margin;
    const width = options.width ?? PAGE.width - PAGE.margin - x;
    for (const line of wrap(font, size, printable(font, text, false), width)) {
      this.keep(size * 1.4);
      this.page.drawText(line, { x, y: this.y - size, size, font, color: options.color ?? INK });
      this.y -= size * 1.4;
    }
  }

  /** The note: its own line breaks kept, indented behind a bar that runs the height of each line. */
  quote(text: string) {
    const size = 10;
    const leading = size * 1.45;
    const font = this.fonts.quote;
    const x = PAGE.margin + NOTE_INDENT;
    for (const line of wrap(
      font,
      size,
      printable(font, text, true),
      PAGE.width - PAGE.margin - NOTE_PADDING - x,
    )) {
      this.keep(leading);
      this.page.drawRectangle({
        x: PAGE.margin + 4,
        y: this.y - leading,
        width: 3,
        height: leading,
        color: NOTE_BAR,
      });
      if (line) this.page.drawText(line, { x, y: this.y - size - 1, size, font, color: INK });
      this.y -= leading;
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
    this.keep(12);
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y },
      end: { x: PAGE.width - PAGE.margin, y: this.y },
      thickness: 0.5,
      color: MUTED,
    });
    this.y -= 12;
  }

  /**
   * "Order CNP-000123, total $12,500.00, page 2 of 3" at the foot of every page once the count is
   * known: a page holding only the note still names the real total.
   */
  numberPages(order: Pick<OrderView, 'number' | 'total'>, noun = 'Order') {
    const pages = this.pdf.getPages();
    for (const [index, page] of pages.entries()) {
      page.drawText(footer(order, index + 1, pages.length, noun), {
        x: PAGE.margin,
        y: PAGE.margin,
        size: 8,
        font: this.fonts.regular,
        color: MUTED,
      });
    }
  }
}

/** One business block: name, license, type and address, in half the page's width from x. */
export function party(w: Writer, heading: string, business: OrderPartySnapshot, x: number) {
  const width = (PAGE.width - 2 * PAGE.margin) / 2 - 12;
  const { address } = business;
  w.text(heading, { bold: true, size: 10, color: MUTED, x, width });
  w.text(business.businessName || '(no business name)', { bold: true, size: 12, x, width });
  w.text(`License: ${business.licenseNumber || 'not given'}`, { x, width });
  if (business.licenseType) w.text(business.licenseType, { x, width, color: MUTED });
  // A distributor known only from the registry has no street or city (decision 215).
  if (address.street) w.text(address.street, { x, width });
  w.text([address.city, `${address.state} ${address.zipCode}`.trim()].filter(Boolean).join(', '), {
    x,
    width,
  });
  if (address.county) w.text(`${address.county} County`, { x, width, color: MUTED });
}

function note(w: Writer, text: string) {
  // The heading never stands alone at the foot of a page: it keeps its caption and a first line.
  w.keep(70);
  w.text(NOTE_HEADING, { bold: true, size: 13 });
  w.text('Quoted as written by the party who made the offer. It is not part of the terms above.', {
    size: 9,
    color: MUTED,
  });
  w.gap(4);
  w.onNewPage = () => {
    w.text(`${NOTE_HEADING} (continued)`, { bold: true, size: 10, color: MUTED });
    w.gap(4);
  };
  w.quote(text);
  w.onNewPage = null;
}

/** A new document with the fonts every Canopy paper uses. */
export async function newPaper(title: string, created: Date): Promise<{ pdf: PDFDocument; w: Writer }> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setProducer('Canopy');
  pdf.setCreator('Canopy');
  pdf.setCreationDate(created);
  const w = new Writer(pdf, {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    quote: await pdf.embedFont(StandardFonts.HelveticaOblique),
  });
  return { pdf, w };
}

/** Where the right-hand column of two side by side starts. */
export const RIGHT_COLUMN = PAGE.margin + (PAGE.width - 2 * PAGE.margin) / 2 + 12;

export async function orderConfirmationPdf(order: OrderView): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Order ${order.number} confirmation`);
  pdf.setProducer('Canopy');
  pdf.setCreator('Canopy');
  pdf.setCreationDate(order.createdAt);
  const w = new Writer(pdf, {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    quote: await pdf.embedFont(StandardFonts.HelveticaOblique),
  });

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
  if (order.lines.length > 1) {
    // An order of several lots (issue 25) names each line and the sum of them.
    for (const [index, line] of order.lines.entries()) {
      w.text(`${index + 1}. ${line.listingTitle}: ${describeTerms(line)}`);
    }
    w.text(`Deliver by: ${order.deliverBy ?? 'not set'}`);
    w.gap();
    const total = order.lines.reduce((sum, line) => sum + line.total, 0);
    w.text(`Total: ${formatUsd(roundCents(total))}`, { bold: true, size: 16 });
  } else {
    w.text(`Product: ${order.listingTitle}`);
    w.text(`Quantity: ${formatLbs(order.quantityLbs)}`);
    w.text(`Price per pound: ${formatUsd(order.pricePerLb)}`);
    w.text(`Deliver by: ${order.deliverBy ?? 'not set'}`);
    w.gap();
    w.text(`Total: ${formatUsd(order.total)}`, { bold: true, size: 16 });
    w.text(describeTerms(order), { color: MUTED, size: 9 });
  }
  w.gap();
  w.rule();
  if (order.note) {
    note(w, order.note);
    w.gap();
    w.rule();
  }
  w.text(
    'Both businesses are licensed California cannabis operators. This confirmation records the terms agreed on Canopy; transfer, manifests and payment follow California cannabis regulations and the parties\u2019 own arrangements.',
    { size: 9, color: MUTED },
  );
  w.numberPages(order);
  return pdf.save();
}
