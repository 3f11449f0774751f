import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

// How a queued mail leaves the server (decision 070). Nothing here retries: the mail queue
// (lib/mail-queue.ts) decides when to try again and when to give up.

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

/** A mail as the queue hands it over: its queue id names it everywhere it lands. */
export interface OutgoingMail extends MailMessage {
  id: string;
}

export interface MailTransport {
  /**
   * Resolves once the SMTP server (or the outbox folder) has taken the mail. A refusal by the
   * server rejects with an error carrying its `responseCode`; an unreachable server without one.
   */
  deliver(mail: OutgoingMail): Promise<void>;
  /** Where mail goes, for the start-up log. */
  describe(): string;
}

export interface MailTransportOptions {
  smtpUrl: string | null;
  mailFrom: string;
  outboxDir: string;
}

// Bounded, so a server that accepts the connection and then stalls cannot hold the worker (and a
// graceful stop) for nodemailer's default of ten minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * The same id gives the same Message-ID: if a crash repeats a delivery (decision 070), receivers
 * that deduplicate on Message-ID show it once.
 */
export function messageIdFor(id: string, mailFrom: string): string {
  const domain = /@([^>\s]+)/.exec(mailFrom)?.[1] ?? 'canopy.invalid';
  return `<${id}@${domain}>`;
}

/**
 * The transport the server's settings name: their SMTP server, or else the outbox folder inside
 * the data folder. The server and the operator commands that send mail all use this one.
 */
export function mailTransportFor(settings: { smtpUrl: string | null; mailFrom: string; dataDir: string }) {
  return createMailTransport({
    smtpUrl: settings.smtpUrl,
    mailFrom: settings.mailFrom,
    outboxDir: path.join(settings.dataDir, 'outbox'),
  });
}

/** Real SMTP when SMTP_URL is set; otherwise each message is written to the outbox as an .eml file. */
export function createMailTransport(options: MailTransportOptions): MailTransport {
  const envelope = (mail: OutgoingMail) => ({
    from: options.mailFrom,
    messageId: messageIdFor(mail.id, options.mailFrom),
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: (mail.attachments ?? []).map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: Buffer.from(file.content),
    })),
  });
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async deliver(mail) {
        await transport.sendMail(envelope(mail));
      },
      describe: () => `SMTP ${new URL(smtpUrl).host}`,
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async deliver(mail) {
      const info = await transport.sendMail(envelope(mail));
      await mkdir(options.outboxDir, { recursive: true });
      // Named by the queue id (uuidv7, so newest last in a listing): a repeated delivery
      // overwrites the same file instead of adding a second copy.
      await writeFile(path.join(options.outboxDir, `${mail.id}.eml`), info.message as Buffer);
    },
    describe: () => `outbox ${options.outboxDir}`,
  };
}
