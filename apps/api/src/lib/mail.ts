import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { uuidv7 } from './ids.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where mail goes, for the start-up log. */
  describe(): string;
}

export interface MailerOptions {
  smtpUrl: string | null;
  mailFrom: string;
  outboxDir: string;
}

/** Real SMTP when SMTP_URL is set; otherwise each message is written to the outbox as an .eml file. */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.mailFrom, ...message });
      },
      describe: () => `SMTP ${new URL(options.smtpUrl as string).host}`,
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.mailFrom, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      // A sortable, unique name: newest last in a directory listing.
      await writeFile(path.join(options.outboxDir, `${uuidv7()}.eml`), info.message as Buffer);
    },
    describe: () => `outbox ${options.outboxDir}`,
  };
}
