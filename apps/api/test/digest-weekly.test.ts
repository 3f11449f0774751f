import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { WEEKLY_DIGEST } from '@canopy/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { userCategoryInterest, users } from '../src/db/schema/index.ts';
import { sendWeeklyDigests } from '../src/modules/digest/index.ts';
import { insertListing, insertUser } from '../src/seed/factories.ts';
import { contactAbout, type Person, person, replyTo } from './messages-helpers.ts';
import { embeddedEnv, prepareDataDir, runScript } from './support/processes.ts';
import { startSmtpCapture } from './support/smtp.ts';
import { bearer, createTestApp, TEST_APP_URL, type TestApp } from './support/test-app.ts';

// Issue 15, item 4: the weekly digest (decisions 157, 158): new lots in the categories a user
// looked at and conversations waiting for their reply, at most once a week, honouring Weekly
// Digest; sent by the server's own schedule and by `npm run digest:send`.

const DAY_MS = 24 * 60 * 60_000;
const PROCESS_TIMEOUT = 120_000;

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

/** Accounts made a month ago, so this week's slot is after them and they are due. */
async function established(who: Person): Promise<Person> {
  await test.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 30 * DAY_MS) })
    .where(eq(users.id, who.user.id));
  return who;
}

const digestsTo = (email: string) =>
  test.smtp.mails.filter((mail) => mail.to.includes(email) && mail.subject === WEEKLY_DIGEST.subject);

describe('what a digest holds', () => {
  it('lists this week’s lots in the categories the buyer viewed or searched, and conversations awaiting a reply', async () => {
    const seller = await established(
      await person(test, { role: 'seller', businessName: 'Humboldt Hills Farm' }),
    );
    const otherSeller = await established(
      await person(test, { role: 'seller', businessName: 'Delta Extracts' }),
    );
    const buyer = await established(await person(test, { role: 'buyer', contactName: 'Rosa Diaz' }));

    // Viewing a flower lot and filtering the catalog by edibles are the two ways a category is noted.
    const viewed = await insertListing(test.db, seller.user, {
      title: 'Viewed flower',
      productType: 'Flower - Indoor',
      createdAt: new Date(Date.now() - 20 * DAY_MS),
    });
    await test.app.inject({ method: 'GET', url: `/api/products/${viewed.id}`, headers: bearer(buyer.token) });
    await test.app.inject({
      method: 'GET',
      url: '/api/products?category=edible',
      headers: bearer(buyer.token),
    });
    // An anonymous visitor's look is nobody's interest.
    await test.app.inject({ method: 'GET', url: '/api/products?category=vape' });
    await expect
      .poll(async () =>
        (
          await test.db
            .select({ category: userCategoryInterest.category })
            .from(userCategoryInterest)
            .where(eq(userCategoryInterest.userId, buyer.user.id))
        )
          .map((row) => row.category)
          .sort(),
      )
      .toEqual(['edible', 'flower']);

    const newFlower = await insertListing(test.db, seller.user, {
      title: 'Blue Dream greenhouse',
      productType: 'Flower - Indoor',
      askingPrice: 950,
      createdAt: new Date(Date.now() - 2 * DAY_MS),
    });
    const newEdible = await insertListing(test.db, otherSeller.user, {
      title: 'Mango gummies',
      productType: 'Gummies',
      makeOffer: true,
      createdAt: new Date(Date.now() - DAY_MS),
    });
    // Older than a week, another category, and no longer public: none of these.
    await insertListing(test.db, seller.user, {
      title: 'Last month flower',
      createdAt: new Date(Date.now() - 9 * DAY_MS),
    });
    await insertListing(test.db, seller.user, { title: 'A vape cart', productType: 'Vape Cartridges' });
    await insertListing(test.db, seller.user, { title: 'Archived flower', isActive: false });

    // The seller wrote last in one conversation; the buyer answered the other.
    await contactAbout(test, buyer, viewed, 'Do you have 20 lbs?');
    await replyTo(test, seller, {
      receiverId: buyer.user.id,
      listingId: viewed.id,
      content: 'Yes, when do you need it?',
    });
    await contactAbout(test, buyer, newEdible, 'Is the lab report current?');

    // The three accounts are due; Humboldt Hills Farm has nothing waiting and follows nothing.
    expect(await sendWeeklyDigests(test.ctx)).toEqual({ claimed: 3, mailed: 2 });
    const [mail, ...more] = digestsTo(buyer.user.email);
    expect(more).toEqual([]);
    expect(mail?.text).toContain('Hello Rosa Diaz,\n\nHere is your week on Canopy.');
    expect(mail?.text).toContain(
      `${WEEKLY_DIGEST.newLotsHeading}:\n` +
        `- Mango gummies (Gummies), Make an offer, from Delta Extracts\n  ${TEST_APP_URL}/products/${newEdible.id}\n` +
        `- Blue Dream greenhouse (Flower - Indoor), $950.00 / lb, from Humboldt Hills Farm\n  ${TEST_APP_URL}/products/${newFlower.id}\n\n`,
    );
    expect(mail?.text).toMatch(
      new RegExp(
        `${WEEKLY_DIGEST.unansweredHeading}:\\n- Humboldt Hills Farm about "Viewed flower", waiting since [A-Z][a-z]{2} \\d{1,2}, \\d{4}\\n  ${TEST_APP_URL}/messages`,
      ),
    );
    expect(mail?.text).not.toMatch(/Last month flower|A vape cart|Archived flower|Delta Extracts about/);
    expect(mail?.text).toContain(WEEKLY_DIGEST.footer(TEST_APP_URL));
    expect(mail?.html).toContain('Blue Dream greenhouse');

    // The buyer's question about the gummies waits for Delta Extracts, who follows no category.
    const [sellerDigest] = digestsTo(otherSeller.user.email);
    expect(sellerDigest?.text).toContain(`- ${buyer.user.businessName} about "Mango gummies", waiting since`);
    expect(sellerDigest?.text).not.toContain(WEEKLY_DIGEST.newLotsHeading);
  });

  it('skips an empty digest, a user who turned Weekly Digest off, a suspended account and an admin', async () => {
    const seller = await established(await person(test, { role: 'seller' }));
    const listing = await insertListing(test.db, seller.user, {
      title: 'Fresh tincture',
      productType: 'Tinctures',
    });
    const seeds = [
      { role: 'buyer' as const },
      { role: 'buyer' as const, notifyOff: true },
      { role: 'buyer' as const, status: 'suspended' as const },
      { role: 'admin' as const },
    ];
    const people = [];
    for (const seed of seeds) {
      const user = await insertUser(test.db, { role: seed.role, status: seed.status });
      await test.db
        .update(users)
        .set({ createdAt: new Date(Date.now() - 30 * DAY_MS), notifyWeeklyDigest: !seed.notifyOff })
        .where(eq(users.id, user.id));
      people.push(user);
    }
    const [empty, ...others] = people;
    // Everyone but the first followed tinctures; the first follows nothing and has no conversation.
    for (const user of others) {
      await test.db.insert(userCategoryInterest).values({ userId: user.id, category: 'tincture' });
    }
    await sendWeeklyDigests(test.ctx);
    for (const user of people) expect(digestsTo(user.email)).toEqual([]);
    // The empty one's week is settled all the same: it is not looked at again every hour.
    const [row] = await test.db
      .select({ at: users.lastDigestAt })
      .from(users)
      .where(eq(users.id, empty?.id ?? ''));
    expect(row?.at).toBeInstanceOf(Date);
    expect(listing.title).toBe('Fresh tincture');
  });
});

describe('once a week', () => {
  it('mails a user once however often it runs in a week, also when two run at once, and again next week', async () => {
    const seller = await established(await person(test, { role: 'seller' }));
    const buyer = await established(await person(test, { role: 'buyer' }));
    await test.db.insert(userCategoryInterest).values({ userId: buyer.user.id, category: 'topical' });
    await insertListing(test.db, seller.user, { title: 'Healing balm', productType: 'Topicals' });

    await Promise.all([sendWeeklyDigests(test.ctx), sendWeeklyDigests(test.ctx)]);
    await sendWeeklyDigests(test.ctx);
    expect(digestsTo(buyer.user.email)).toHaveLength(1);

    // Six days on, the next slot has passed: one more, still naming this week's lot.
    await sendWeeklyDigests(test.ctx, new Date(Date.now() + 6 * DAY_MS));
    const both = digestsTo(buyer.user.email);
    expect(both).toHaveLength(2);
    expect(both[1]?.text).toContain('Healing balm');
  });

  it('waits for the next slot for an account made after this one', async () => {
    const seller = await established(await person(test, { role: 'seller' }));
    const newcomer = await person(test, { role: 'buyer' });
    await test.db.insert(userCategoryInterest).values({ userId: newcomer.user.id, category: 'pre-roll' });
    await insertListing(test.db, seller.user, { title: 'Pre-roll pack', productType: 'Pre-Rolls' });
    await sendWeeklyDigests(test.ctx, new Date(newcomer.user.createdAt.getTime() + 60_000));
    expect(digestsTo(newcomer.user.email)).toEqual([]);
  });
});

describe('on a schedule in the server', () => {
  it(
    'sends due digests by itself every WEEKLY_DIGEST_CHECK_SECONDS',
    async () => {
      const scheduled = await createTestApp({ WEEKLY_DIGEST_CHECK_SECONDS: '1' });
      try {
        // Everything is in place before the accounts become due, so no tick finds half of it.
        const seller = await insertUser(scheduled.db, { role: 'seller' });
        const buyer = await insertUser(scheduled.db, { role: 'buyer' });
        await scheduled.db.insert(userCategoryInterest).values({ userId: buyer.id, category: 'concentrate' });
        await insertListing(scheduled.db, seller, { title: 'Live resin', productType: 'Live Resin' });
        await scheduled.db.execute(sql`UPDATE users SET created_at = now() - interval '30 days'`);
        const mail = await scheduled.smtp.waitForMail(buyer.email, /weekly Canopy digest/, 15_000);
        expect(mail.text).toContain('- Live resin (Live Resin)');
      } finally {
        await scheduled.close();
      }
    },
    PROCESS_TIMEOUT,
  );
});

describe('npm run digest:send', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'canopy-digest-'));
    await prepareDataDir(dataDir);
  }, PROCESS_TIMEOUT);
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it(
    'sends the due digests from the command line, and none the second time',
    async () => {
      const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
      let email: string;
      try {
        const { runMigrations } = await import('../src/db/migrate.ts');
        await runMigrations(database);
        const seller = await insertUser(database.db, { role: 'seller' });
        const buyer = await insertUser(database.db, { role: 'buyer' });
        email = buyer.email;
        await database.db.execute(sql`UPDATE users SET created_at = now() - interval '30 days'`);
        await database.db.insert(userCategoryInterest).values({ userId: buyer.id, category: 'flower' });
        await insertListing(database.db, seller, { title: 'Command-line flower' });
      } finally {
        await database.close();
      }
      const smtp = await startSmtpCapture();
      try {
        const env = embeddedEnv(dataDir, { SMTP_URL: smtp.url, APP_URL: TEST_APP_URL });
        const first = await runScript('digest:send', [], env);
        expect(first.stderr).toBe('');
        expect(first.stdout).toBe('digest:send: 1 digest sent, 1 with nothing new skipped\n');
        expect(first.code).toBe(0);
        const mail = await smtp.waitForMail(email);
        expect(mail.subject).toBe(WEEKLY_DIGEST.subject);
        expect(mail.text).toContain('- Command-line flower (Flower - Indoor), $1,000.00 / lb');

        const second = await runScript('digest:send', [], env);
        expect(second.stdout).toBe('digest:send: 0 digests sent, 0 with nothing new skipped\n');
        expect(smtp.mails).toHaveLength(1);
      } finally {
        await smtp.close();
      }
    },
    PROCESS_TIMEOUT,
  );
});
