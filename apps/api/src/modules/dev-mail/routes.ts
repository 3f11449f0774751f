import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { devMailContracts, GENERIC } from '@canopy/shared';
import { route } from '../../http/route-table.ts';
import { escapeHtml } from '../../lib/email-html.ts';
import { notFound } from '../../lib/errors.ts';
import { isLocalDevRequest } from './local-only.ts';

// Development only (registered only when devMailEnabled, and answering only the developer's own
// machine; see local-only.ts): a window onto the mail outbox so that a person trying Canopy
// locally can open their verification and reset links.

const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox');

function header(raw: string, name: string): string {
  const match = new RegExp(`^${name}: (.*)$`, 'mi').exec(raw);
  return match?.[1]?.trim() ?? '';
}

/** The readable text part of a stored message, with quoted-printable soft breaks undone. */
function textPart(raw: string): string {
  const match = /Content-Type: text\/plain[\s\S]*?\r?\n\r?\n([\s\S]*?)(?:\r?\n--|$)/i.exec(raw);
  const body = match?.[1] ?? raw;
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

export const devMailRoutes = [
  route({
    ...devMailContracts.outbox,
    absolute: true,
    access: 'public',
  }).handle(async ({ request, reply, ctx }) => {
    if (!isLocalDevRequest(request, ctx.config)) throw notFound(GENERIC.notFound);
    const dir = outboxDir(ctx.config.dataDir);
    const files = (await readdir(dir).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
    const rows = await Promise.all(
      files.slice(0, 200).map(async (file) => {
        const raw = await readFile(path.join(dir, file), 'utf8');
        return `<li><a href="/dev/mail/${file}">${escapeHtml(header(raw, 'Subject'))}</a> — ${escapeHtml(header(raw, 'To'))} — ${escapeHtml(header(raw, 'Date'))}</li>`;
      }),
    );
    const list = rows.length ? `<ul>${rows.join('')}</ul>` : '<p>The outbox is empty.</p>';
    return reply
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><title>Canopy outbox</title><h1>Mail outbox (development)</h1>${list}`);
  }),
  route({
    ...devMailContracts.message,
    absolute: true,
    access: 'public',
  }).handle(async ({ params: { file }, request, reply, ctx }) => {
    if (!isLocalDevRequest(request, ctx.config)) throw notFound(GENERIC.notFound);
    if (!/^[0-9a-f-]+\.eml$/.test(file)) throw notFound('No such message');
    const raw = await readFile(path.join(outboxDir(ctx.config.dataDir), file), 'utf8').catch(() => null);
    if (raw === null) throw notFound('No such message');
    const text = textPart(raw);
    const linked = escapeHtml(text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><title>${escapeHtml(header(raw, 'Subject'))}</title><p><a href="/dev/mail">← outbox</a></p><p><b>To:</b> ${escapeHtml(header(raw, 'To'))}<br><b>Subject:</b> ${escapeHtml(header(raw, 'Subject'))}</p><pre style="white-space:pre-wrap">${linked}</pre>`,
      );
  }),
];
