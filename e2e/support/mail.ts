import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import PostalMime, { type Email } from 'postal-mime';

const POLL_INTERVAL_MS = 200;

export interface LatestMailOptions {
  /** Only messages whose subject matches. */
  subject?: RegExp;
  timeoutMs?: number;
}

async function readOutbox(outboxDir: string): Promise<Email[]> {
  let files: string[];
  try {
    files = await readdir(outboxDir);
  } catch {
    return []; // No mail sent yet: the server creates the directory with the first message.
  }
  // The server names each file with a UUIDv7, so name order is sending order.
  const names = files.filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(names.map(async (name) => PostalMime.parse(await readFile(path.join(outboxDir, name)))));
}

const isAddressedTo = (mail: Email, to: string) =>
  (mail.to ?? []).some((recipient) => recipient.address?.toLowerCase() === to.toLowerCase());

/**
 * The newest message to `to` in DATA_DIR/outbox (where the server writes mail when no SMTP_URL is
 * set), read the way a person trying Canopy locally would. Polls until one arrives.
 */
export async function latestMail(
  dataDir: string,
  to: string,
  options: LatestMailOptions = {},
): Promise<Email> {
  const outboxDir = path.join(dataDir, 'outbox');
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const matching = (await readOutbox(outboxDir)).filter(
      (mail) => isAddressedTo(mail, to) && (!options.subject || options.subject.test(mail.subject ?? '')),
    );
    const newest = matching.at(-1);
    if (newest) return newest;
    if (Date.now() > deadline) {
      throw new Error(
        `No mail to ${to}${options.subject ? ` with subject ${options.subject}` : ''} in ${outboxDir}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
}

/** The first link in the mail's text part whose path is `pathname` (e.g. /verify-email). */
export function linkIn(mail: Email, pathname: string): string {
  const links = (mail.text ?? '').match(/https?:\/\/\S+/g) ?? [];
  const link = links.find((candidate) => new URL(candidate).pathname === pathname);
  if (!link) throw new Error(`No ${pathname} link in the mail "${mail.subject}":\n${mail.text}`);
  return link;
}
