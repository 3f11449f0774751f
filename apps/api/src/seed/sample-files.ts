import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import sharp from 'sharp';

// Files made on the spot instead of kept as binary fixtures: the demo seed and the tests both
// draw their PDFs, photos and clips here.

const run = promisify(execFile);

/**
 * A minimal well-formed one-page PDF with a line of text: enough for byte sniffing and for a
 * browser to open. Demo data and tests use it instead of fixture files.
 */
export function samplePdf(text: string): Buffer {
  const safeText = text.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${safeText}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A JPEG of an SVG drawing, as a camera would upload it. */
export function jpegFromSvg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/**
 * Writes a clip of one of ffmpeg's built-in sources (`testsrc`, `life`, …) to `file`; throws when
 * ffmpeg is missing or fails.
 */
export async function renderClip(
  file: string,
  source: string,
  options: { seconds: number; codecArgs: string[]; ffmpegPath?: string },
): Promise<void> {
  await run(options.ffmpegPath ?? 'ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    source,
    '-t',
    String(options.seconds),
    ...options.codecArgs,
    '-y',
    file,
  ]);
}
