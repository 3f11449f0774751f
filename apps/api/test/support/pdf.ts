import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdf.js reads the metrics of the standard fonts our PDFs use from its own package. */
const standardFontDataUrl = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

/** One run of text as drawn: where it starts, how wide it is, its size and font. */
export interface PdfLine {
  page: number;
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
  /** The font's name as the PDF embeds it, e.g. "Helvetica-Oblique". */
  font: string;
}

/** Reads a PDF back the way a viewer lays it out: every drawn line of every page, in order. */
export async function readPdf(data: Uint8Array): Promise<{ pages: number; lines: PdfLine[] }> {
  const document = await getDocument({ data: new Uint8Array(data), standardFontDataUrl }).promise;
  const lines: PdfLine[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    // Loading the operator list resolves each font, so its real name can be looked up below.
    await page.getOperatorList();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const font = page.commonObjs.has(item.fontName)
        ? (page.commonObjs.get(item.fontName) as { name: string }).name
        : item.fontName;
      lines.push({
        page: number,
        text: item.str,
        x: item.transform[4],
        y: item.transform[5],
        width: item.width,
        size: Math.abs(item.transform[0]),
        font,
      });
    }
  }
  return { pages: document.numPages, lines };
}
