import { AUTH } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue } from '../src/db/schema/index.ts';
import { createMailTransport, messageIdFor } from '../src/lib/mail.ts';
import {
  createMailQueue,
  MAIL_MAX_ATTEMPTS,
  mailQueueStats,
  mailRetryDelayMs,
} from '../src/lib/mail-queue.ts';
import { insertUser } from '../src/seed/factories.ts';
import { eventually } from './support/scratch-servers.ts';
import { startSmtpCapture } from './support/smtp.ts';
import { createTestApp, json, type TestApp } from './support/test-app.ts';

// The durable mail queue (decision 070) against a real SMTP server on loopback that is stopped,
// brought back on the same port, or refuses one mailbox.

type Capture = Awaited<ReturnType<typeof startSmtpCapture>>;

let test: TestApp;
/** The SMTP server the app mails to; stopped and restarted by the tests. */
let smtp: Capture | null;
let smtpPort: number;

beforeAll(async () => {
  const first = await startSmtpCapture({ refuse: ['nobody-home@example.com'] });
  smtpPort = first.port;
  smtp = first;
  test = await createTestApp({ SMTP_URL: first.url, MAIL_FROM: 'Canopy <no-reply@canopy.test>' });
});
afterAll(async () => {
  await test.close();
  await smtp?.close();
});

const MINUTE = 60_000;
const later = (ms: number) => new Date(Date.now() + ms);
const rowsTo = (email: string) => test.db.select().from(mailQueue).where(eq(mailQueue.recipient, email));
const capturedTo = (capture: Capture, email: string) =>
  capture.mails.filter((mail) => mail.to.includes(email));

async function stopSmtp() {
  await smtp?.close();
  smtp = null;
}
async function restartSmtp() {
  smtp = await startSmtpCapture({ port: smtpPort, refuse: ['nobody-home@example.com'] });
  return smtp;
}

describe('mail while the SMTP server is down', () => {
  it('answers the request, keeps the mail queued, and delivers it exactly once when SMTP is back', async () => {
    const user = await insertUser(test.db, { email: 'queued.reset@example.com' });
    await stopSmtp();

    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ success: true, message: AUTH.forgotSent });

    // The reset link is issued once the answer has gone (decision 063): wait for its mail's row.
    await eventually(async () => (await rowsTo(user.email)).length > 0);
    await test.ctx.mailer.drain();
    const [waiting] = await rowsTo(user.email);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0 });
    expect(waiting?.subject).toMatch(/Reset/);
    expect(await mailQueueStats(test.db)).toEqual({ pending: 1, failed: 0 });

    const back = await restartSmtp();
    // Past the short wait an unreachable server earns (at most a minute).
    await test.ctx.mailer.drain(later(2 * MINUTE));
    await test.ctx.mailer.drain(later(20 * MINUTE));
    const delivered = capturedTo(back, user.email);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.subject).toBe(waiting?.subject);
    expect(delivered[0]?.messageId).toBe(messageIdFor(waiting?.id ?? '', 'no-reply@canopy.test'));
    expect(await rowsTo(user.email)).toEqual([]);
    expect(await mailQueueStats(test.db)).toEqual({ pending: 0, failed: 0 });
  });

  it('queues nothing when the transaction that queued a mail rolls back', async () => {
    const attempt = test.db.transaction(async (tx) => {
      await test.ctx.mailer.enqueue(tx, {
        to: 'rolled.back@example.com',
        subject: 'Never',
        text: 'never',
        html: '<p>never</p>',
      });
      throw new Error('the change failed');
    });
    await expect(attempt).rejects.toThrow('the change failed');
    expect(await rowsTo('rolled.back@example.com')).toEqual([]);
  });

  it('goes out by itself in normal operation: the worker is woken when a mail is queued', async () => {
    const capture = smtp ?? (await restartSmtp());
    const user = await insertUser(test.db, { email: 'prompt.reset@example.com' });
    await test.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    const mail = await capture.waitForMail(user.email, /Reset/);
    expect(mail.to).toEqual([user.email]);
  });
});

describe('a mail with a file attached', () => {
  it('keeps the file in its row while SMTP is down and delivers it byte for byte', async () => {
    const bytes = new Uint8Array(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));
    await stopSmtp();
    await test.ctx.mailer.send({
      to: 'with.file@example.com',
      subject: 'Your confirmation',
      text: 'Attached.',
      html: '<p>Attached.</p>',
      attachments: [{ filename: 'CNP-000001.pdf', contentType: 'application/pdf', content: bytes }],
    });
    await test.ctx.mailer.drain();
    const [waiting] = await rowsTo('with.file@example.com');
    expect(waiting?.attachments).toEqual([
      {
        filename: 'CNP-000001.pdf',
        contentType: 'application/pdf',
        base64: Buffer.from(bytes).toString('base64'),
      },
    ]);

    const back = await restartSmtp();
    await test.ctx.mailer.drain(later(2 * MINUTE));
    const [mail] = capturedTo(back, 'with.file@example.com');
    expect(mail?.attachments).toEqual([
      { filename: 'CNP-000001.pdf', contentType: 'application/pdf', content: bytes },
    ]);
    expect(await rowsTo('with.file@example.com')).toEqual([]);
  });
});

describe('a recipient the server refuses', () => {
  it('is retried with a growing wait, then marked failed after the last attempt, without its bodies', async () => {
    const capture = smtp ?? (await restartSmtp());
    const before = Date.now();
    await test.ctx.mailer.send({
      to: 'nobody-home@example.com',
      subject: 'Bounces',
      text: 'a link http://canopy.test/reset-password?token=secret',
      html: '<p>a link</p>',
      attachments: [{ filename: 'a.txt', contentType: 'text/plain', content: new Uint8Array([104, 105]) }],
    });
    await test.ctx.mailer.send({
      to: 'someone@example.com',
      subject: 'Arrives',
      text: 'hi',
      html: '<p>hi</p>',
    });

    // Sending woke the worker, which made the first attempt at once.
    await test.ctx.mailer.drain();
    const [first] = await rowsTo('nobody-home@example.com');
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + MINUTE);
    expect(first?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + MINUTE);
    let at = first?.nextAttemptAt ?? new Date();
    for (let attempt = 2; attempt < MAIL_MAX_ATTEMPTS; attempt++) {
      await test.ctx.mailer.drain(at);
      const [row] = await rowsTo('nobody-home@example.com');
      expect(row).toMatchObject({ status: 'pending', attempts: attempt });
      expect(row?.lastError).toContain('550');
      expect(row?.nextAttemptAt.getTime()).toBe(at.getTime() + mailRetryDelayMs(attempt));
      // Not due before its time.
      await test.ctx.mailer.drain(new Date((row?.nextAttemptAt.getTime() ?? 0) - 1000));
      expect((await rowsTo('nobody-home@example.com'))[0]?.attempts).toBe(attempt);
      at = row?.nextAttemptAt ?? at;
    }
    expect(mailRetryDelayMs(1)).toBe(MINUTE);
    expect(mailRetryDelayMs(2)).toBe(2 * MINUTE);
    expect(mailRetryDelayMs(12)).toBe(60 * MINUTE);

    await test.ctx.mailer.drain(at);
    const [failed] = await rowsTo('nobody-home@example.com');
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: MAIL_MAX_ATTEMPTS,
      subject: 'Bounces',
      textBody: '',
      htmlBody: '',
      attachments: [],
    });
    expect(await mailQueueStats(test.db)).toEqual({ pending: 0, failed: 1 });
    // Given up on means never tried again.
    await test.ctx.mailer.drain(later(48 * 60 * MINUTE));
    expect((await rowsTo('nobody-home@example.com'))[0]?.attempts).toBe(MAIL_MAX_ATTEMPTS);

    expect(capturedTo(capture, 'someone@example.com')).toHaveLength(1);
    expect(capturedTo(capture, 'nobody-home@example.com')).toEqual([]);
    await test.db.delete(mailQueue).where(eq(mailQueue.recipient, 'nobody-home@example.com'));
  });
});

describe('several workers on one queue', () => {
  it('delivers every mail exactly once when workers drain side by side', async () => {
    const capture = smtp ?? (await restartSmtp());
    const recipients = Array.from({ length: 45 }, (_, i) => `crowd${i}@example.com`);
    for (const to of recipients)
      await test.ctx.mailer.enqueue(test.db, { to, subject: 'Crowd', text: to, html: to });
    const workers = [0, 1, 2].map(() =>
      createMailQueue(
        test.db,
        createMailTransport({
          smtpUrl: capture.url,
          mailFrom: 'Canopy <no-reply@canopy.test>',
          outboxDir: '',
        }),
        test.ctx.log,
      ),
    );
    await Promise.all(workers.map((worker) => worker.drain()));
    const crowd = capture.mails.filter((mail) => mail.subject === 'Crowd');
    expect(crowd.map((mail) => mail.to[0]).sort()).toEqual([...recipients].sort());
    expect(await mailQueueStats(test.db)).toEqual({ pending: 0, failed: 0 });
  });
});
