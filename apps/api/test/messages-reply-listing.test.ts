import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings } from '../src/db/schema/index.ts';
import { insertListing } from '../src/seed/factories.ts';
import {
  call,
  contactAbout,
  conversationsOf,
  person,
  replyTo,
  sellerWithListing,
} from './messages-helpers.ts';
import { createTestApp, json, type TestApp } from './support/test-app.ts';

// Issue 27 item 7: a reply may name a listing for the conversation only if buyers can see it (a
// public lot, sold out included, of a participant); a draft, an archived or a hidden lot's title
// never reaches the thread, the conversation list or the digest built from it.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

interface ThreadMessage {
  content: string;
  listingId: string | null;
  listingTitle: string | null;
}

describe('the listing a reply names', () => {
  it("keeps the conversation's listing when the reply names a draft, archived or hidden lot", async () => {
    const { seller, listing } = await sellerWithListing(test, {}, { title: 'Public Sour Diesel' });
    const buyer = await person(test);
    await contactAbout(test, buyer, listing);

    const draft = await insertListing(test.db, seller.user, { title: 'Secret draft lot', isActive: false });
    await test.db.update(listings).set({ isDraft: true }).where(eq(listings.id, draft.id));
    const archived = await insertListing(test.db, seller.user, { title: 'Archived lot', isActive: false });
    const hidden = await insertListing(test.db, seller.user, { title: 'Hidden lot', isActive: false });
    await test.db
      .update(listings)
      .set({ moderation: 'hidden', moderationReason: 'Misleading lab results' })
      .where(eq(listings.id, hidden.id));

    for (const unseen of [draft, archived, hidden]) {
      const reply = await replyTo(test, seller, {
        receiverId: buyer.user.id,
        content: `About ${unseen.id}`,
        listingId: unseen.id,
      });
      expect(reply.statusCode).toBe(201);
      expect(json<{ data: ThreadMessage }>(reply).data).toMatchObject({
        listingId: listing.id,
        listingTitle: 'Public Sour Diesel',
      });
    }
    const thread = json<{ data: ThreadMessage[] }>(
      await call(test, buyer, 'GET', `/api/messages/thread/${seller.user.id}`),
    ).data;
    expect(new Set(thread.map((message) => message.listingTitle))).toEqual(new Set(['Public Sour Diesel']));
    for (const who of [buyer, seller]) {
      expect((await conversationsOf(test, who)).data[0]).toMatchObject({
        productName: 'Public Sour Diesel',
        productId: listing.id,
      });
    }
  });

  it("moves the conversation to another public lot of the seller's, sold out included", async () => {
    const { seller, listing } = await sellerWithListing(test);
    const buyer = await person(test);
    await contactAbout(test, buyer, listing);
    const soldOut = await insertListing(test.db, seller.user, { title: 'Sold-out Gelato', quantityLbs: 0 });
    const moved = await replyTo(test, seller, {
      receiverId: buyer.user.id,
      content: 'This one sold, but another harvest comes in May',
      listingId: soldOut.id,
    });
    expect(moved.statusCode).toBe(201);
    expect((await conversationsOf(test, buyer)).data[0]).toMatchObject({
      productName: 'Sold-out Gelato',
      productId: soldOut.id,
    });
  });
});
