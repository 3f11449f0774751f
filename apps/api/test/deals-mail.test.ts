import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { sendDueNotifications } from '../src/modules/messaging/notifications.ts';
import { accept, type Deal, dealParties, makeOffer, send } from './deals-helpers.ts';
import { contactAbout, person, sellerWithListing } from './messages-helpers.ts';
import { readPdf } from './support/pdf.ts';
import { createTestApp, TEST_APP_URL, type TestApp } from './support/test-app.ts';

// Every move of a deal mails the side that did not make it at once, through the mail queue and
// the real SMTP capture, under that side's New Messages setting and without the unread-message
// throttle; an acceptance mails both sides the order confirmation with its PDF (issue 27 item 13).

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const MINUTE = 60_000;
const later = (ms: number) => new Date(Date.now() + ms);
const mailsTo = (email: string) => test.smtp.mails.filter((mail) => mail.to.includes(email));
const subjectsTo = (email: string) => mailsTo(email).map((mail) => mail.subject);

const parties = () =>
  dealParties(
    test,
    { title: 'Wedding Cake indoor' },
    {
      seller: { businessName: 'North Coast Growers', contactName: 'Dana Reyes' },
      buyer: { businessName: 'Valley Retail', contactName: 'Sam Ortiz' },
    },
  );

/** Waits for the mail queue to hand everything queued so far to the SMTP capture. */
const delivered = () => test.ctx.mailer.drain();

async function confirmed(deal: Deal) {
  const offer = await makeOffer(test, deal, { quantityLbs: 5.5, pricePerLb: 1500 });
  return accept(test, deal.seller, offer._id);
}

describe('deal e-mails', () => {
  it('mails each offer, counter, decline and withdrawal to the other side at once, one mail each', async () => {
    const deal = await parties();
    const seller = deal.seller.user.email;
    const buyer = deal.buyer.user.email;
    const offer = await makeOffer(test, deal, {
      quantityLbs: 5.5,
      pricePerLb: 1500,
      deliverBy: '2099-01-15',
      note: 'Tested batch please.\nTotal: $1.00',
    });
    const made = await test.smtp.waitForMail(seller, /^New offer on Wedding Cake indoor from Valley Retail$/);
    expect(made.text).toContain('Hello Dana Reyes,');
    expect(made.text).toContain(
      'Valley Retail made an offer on "Wedding Cake indoor":\n\n5.5 lbs at $1,500.00/lb, total $8,250.00.\nDeliver by 2099-01-15.',
    );
    expect(made.text).toContain('Note from Valley Retail:\n\n> Tested batch please.\n> Total: $1.00');
    expect(made.text).toContain(`See it and answer on Canopy:\n${TEST_APP_URL}/messages`);
    expect(made.text).toContain('New Messages notifications are on');
    expect(made.html).toContain('$8,250.00');

    const counter = await send(test, deal.seller, 'POST', `/api/offers/${offer._id}/counter`, {
      quantityLbs: 5,
      pricePerLb: 1700,
    });
    expect(counter.statusCode).toBe(201);
    const countered = await test.smtp.waitForMail(
      buyer,
      /^Counter-offer on Wedding Cake indoor from North Coast Growers$/,
    );
    expect(countered.text).toContain(
      'North Coast Growers answered with a counter-offer on "Wedding Cake indoor":\n\n5 lbs at $1,700.00/lb, total $8,500.00.',
    );

    const counterId = (counter.json() as { data: { _id: string } }).data._id;
    await send(test, deal.buyer, 'POST', `/api/offers/${counterId}/decline`, { reason: 'Over budget' });
    const declined = await test.smtp.waitForMail(seller, /^Offer declined on Wedding Cake indoor$/);
    expect(declined.text).toContain(
      'Valley Retail declined your offer on "Wedding Cake indoor".\nReason: Over budget',
    );

    const again = await makeOffer(test, deal, { quantityLbs: 2, pricePerLb: 1400 });
    await send(test, deal.buyer, 'POST', `/api/offers/${again._id}/withdraw`);
    const withdrawn = await test.smtp.waitForMail(seller, /^Offer withdrawn on Wedding Cake indoor$/);
    expect(withdrawn.text).toContain('Valley Retail withdrew their offer on "Wedding Cake indoor".');

    // Nothing more comes once the unread-message worker runs: the moves were mailed already.
    await sendDueNotifications(test.ctx, later(30 * MINUTE));
    await delivered();
    expect(subjectsTo(seller)).toEqual([
      'New offer on Wedding Cake indoor from Valley Retail',
      'Offer declined on Wedding Cake indoor',
      'New offer on Wedding Cake indoor from Valley Retail',
      'Offer withdrawn on Wedding Cake indoor',
    ]);
    expect(subjectsTo(buyer)).toEqual(['Counter-offer on Wedding Cake indoor from North Coast Growers']);
  });

  it('mails both sides the order confirmation with its PDF, then each order move to the other side', async () => {
    const deal = await parties();
    const { order } = await confirmed(deal);
    const subject = new RegExp(`^Order ${order.number} confirmed: Wedding Cake indoor$`);
    const toBuyer = await test.smtp.waitForMail(deal.buyer.user.email, subject);
    const toSeller = await test.smtp.waitForMail(deal.seller.user.email, subject);
    expect(toBuyer.text).toContain(
      `North Coast Growers accepted your offer on "Wedding Cake indoor". Order ${order.number} is confirmed:\n\n5.5 lbs at $1,500.00/lb, total $8,250.00.`,
    );
    expect(toSeller.text).toContain(
      `You accepted the offer of Valley Retail on "Wedding Cake indoor". Order ${order.number} is confirmed:`,
    );
    for (const mail of [toBuyer, toSeller]) {
      expect(mail.text).toContain('The order confirmation is attached as a PDF.');
      expect(mail.text).toContain(`${TEST_APP_URL}/orders/${order._id}`);
      expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([
        [`${order.number}.pdf`, 'application/pdf'],
      ]);
      const pdf = await readPdf(mail.attachments[0]?.content ?? new Uint8Array());
      const texts = pdf.lines.map((line) => line.text);
      expect(texts).toContain(`Order confirmation ${order.number}`);
      expect(texts).toContain('Total: $8,250.00');
    }

    await send(test, deal.seller, 'POST', `/api/orders/${order._id}/status`, { status: 'fulfilled' });
    const fulfilled = await test.smtp.waitForMail(
      deal.buyer.user.email,
      new RegExp(`^Order ${order.number} fulfilled$`),
    );
    expect(fulfilled.text).toContain(
      `North Coast Growers marked order ${order.number} ("Wedding Cake indoor") fulfilled.`,
    );
    expect(fulfilled.attachments).toEqual([]);
    await send(test, deal.buyer, 'POST', `/api/orders/${order._id}/status`, { status: 'completed' });
    const completed = await test.smtp.waitForMail(
      deal.seller.user.email,
      new RegExp(`^Order ${order.number} completed$`),
    );
    expect(completed.text).toContain(
      `Valley Retail marked order ${order.number} ("Wedding Cake indoor") completed.`,
    );

    const second = await confirmed(deal);
    await send(test, deal.buyer, 'POST', `/api/orders/${second.order._id}/status`, {
      status: 'cancelled',
      reason: 'Truck broke down',
    });
    const cancelled = await test.smtp.waitForMail(
      deal.seller.user.email,
      new RegExp(`^Order ${second.order.number} cancelled$`),
    );
    expect(cancelled.text).toContain(
      `Valley Retail cancelled order ${second.order.number} ("Wedding Cake indoor").\nReason: Truck broke down`,
    );
  });

  it('mails nobody whose New Messages setting is off', async () => {
    const deal = await parties();
    await test.db.update(users).set({ notifyNewMessages: false }).where(eq(users.id, deal.seller.user.id));
    const { order } = await confirmed(deal);
    await test.smtp.waitForMail(deal.buyer.user.email, new RegExp(`^Order ${order.number} confirmed`));
    await send(test, deal.buyer, 'POST', `/api/orders/${order._id}/status`, {
      status: 'cancelled',
      reason: 'Changed plans',
    });
    await sendDueNotifications(test.ctx, later(30 * MINUTE));
    await delivered();
    expect(mailsTo(deal.seller.user.email)).toEqual([]);
  });
});

describe('the unread-message mail beside a deal', () => {
  it('"New inquiry" quotes the buyer\'s message, not the offer that followed it', async () => {
    const { seller, listing } = await sellerWithListing(
      test,
      {},
      { title: 'Gelato 41 indoor', quantityLbs: 50 },
    );
    const buyer = await person(test, { role: 'buyer', businessName: 'Coastal Collective' });
    await contactAbout(test, buyer, listing, 'Could you do a better price for 5 lbs?');
    await makeOffer(test, { seller, buyer, listingId: listing.id }, { quantityLbs: 5, pricePerLb: 900 });
    await sendDueNotifications(test.ctx, later(2 * MINUTE));
    const inquiry = await test.smtp.waitForMail(seller.user.email, /^New inquiry about Gelato 41 indoor$/);
    expect(inquiry.text).toContain('Could you do a better price for 5 lbs?');
    expect(inquiry.text).not.toContain('$900.00');
    expect(subjectsTo(seller.user.email).sort()).toEqual([
      'New inquiry about Gelato 41 indoor',
      'New offer on Gelato 41 indoor from Coastal Collective',
    ]);
  });
});
