import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  attachments: { filename: string; contentType: string; content: Uint8Array }[];
}

export interface SmtpCaptureOptions {
  /** Listen on this port (a test bringing "the same server" back after stopping it). */
  port?: number;
  /** Recipients refused at RCPT TO with a permanent 550, as a mailbox that does not exist. */
  refuse?: string[];
}

/** A real SMTP server on loopback that keeps what it receives, so tests read mail as sent. */
export async function startSmtpCapture(options: SmtpCaptureOptions = {}) {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.includes(address.address.toLowerCase())) {
        const refusal = Object.assign(new Error('No such mailbox'), { responseCode: 550 });
        return callback(refusal);
      }
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const email: Email = await PostalMime.parse(Buffer.concat(chunks));
        mails.push({
          to: (email.to ?? []).map((a) => ('address' in a ? (a.address ?? '') : '')),
          subject: email.subject ?? '',
          text: email.text ?? '',
          html: email.html ?? '',
          messageId: email.messageId ?? '',
          attachments: email.attachments.map((file) => ({
            filename: file.filename ?? '',
            contentType: file.mimeType,
            content:
              typeof file.content === 'string'
                ? new TextEncoder().encode(file.content)
                : new Uint8Array(file.content),
          })),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };

  /** Waits for the newest mail to an address (mail may be sent after the response). */
  async function waitForMail(to: string, subject?: RegExp, timeoutMs = 5000): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = mails
        .filter((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)))
        .at(-1);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject ?? 'anything'}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text part that points at the given path. */
export function linkIn(mail: CapturedMail, pathname: string): URL {
  const match = mail.text
    .match(/https?:\/\/\S+/g)
    ?.map((href) => new URL(href))
    .find((u) => u.pathname === pathname);
  if (!match) throw new Error(`no ${pathname} link in mail: ${mail.text}`);
  return match;
}
