import type { ListingDto } from '@canopy/shared';
import { describe, expect, test } from 'vitest';
import { listingPrice, listingQuantity, listingThumbnail } from './listing-display.ts';

const UPDATED = '2025-06-05T12:00:00.000Z';
const VERSION = Date.parse(UPDATED);

const listing = (fields: Partial<ListingDto>) =>
  ({ media: [], image_urls: [], updated_at: UPDATED, ...fields }) as unknown as ListingDto;

describe('listingThumbnail', () => {
  test("an image's thumbnail variant, versioned by the listing's update time", () => {
    const image = {
      type: 'image',
      thumbnail: '/uploads/a-small.webp',
      variants: { thumbnail: '/uploads/a-200.webp' },
    };
    expect(listingThumbnail(listing({ media: [image] as ListingDto['media'] }))).toBe(
      `/uploads/a-200.webp?v=${VERSION}`,
    );
  });

  test("a video's poster; an existing query gets the version with &", () => {
    const video = { type: 'video', thumbnail: '/uploads/poster.jpg?frame=2' };
    expect(listingThumbnail(listing({ media: [video] as ListingDto['media'] }))).toBe(
      `/uploads/poster.jpg?frame=2&v=${VERSION}`,
    );
  });

  test('without media, the first of the older image list; without either, none', () => {
    const older = listing({ image_urls: [{ thumbnail: '/uploads/old.jpg' }] as ListingDto['image_urls'] });
    expect(listingThumbnail(older)).toBe(`/uploads/old.jpg?v=${VERSION}`);
    expect(listingThumbnail(listing({}))).toBeNull();
  });
});

describe('listingPrice', () => {
  test('dollars, with "(negotiable)" when it is', () => {
    expect(listingPrice({ make_offer: false, asking_price: 1250.5, negotiable: false })).toBe('$1,250.50');
    expect(listingPrice({ make_offer: false, asking_price: 900, negotiable: true })).toBe(
      '$900.00 (negotiable)',
    );
  });

  test('"Accepting offers" for make-an-offer listings or without a price', () => {
    expect(listingPrice({ make_offer: true, asking_price: 900, negotiable: false })).toBe('Accepting offers');
    expect(listingPrice({ make_offer: false, asking_price: null, negotiable: false })).toBe(
      'Accepting offers',
    );
  });
});

describe('listingQuantity', () => {
  test('pounds with thousands separators and at most two decimals', () => {
    expect(listingQuantity(1500)).toBe('1,500 lbs');
    expect(listingQuantity(2.345)).toBe('2.35 lbs');
  });
});
