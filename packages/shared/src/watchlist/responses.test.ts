import { describe, expect, it } from 'vitest';
import { watchNotes } from './responses.ts';

const none = { price: null, quantity: null, soldOut: false, noLongerAvailable: false };

describe('watchNotes', () => {
  it('says nothing when nothing moved', () => {
    expect(watchNotes(none)).toEqual([]);
  });

  it('names price and quantity changes in the catalog’s own formats', () => {
    expect(
      watchNotes({ ...none, price: { from: 1200, to: 1150.5 }, quantity: { from: 1, to: 1250 } }),
    ).toEqual([
      'Price changed from $1,200.00 / lb to $1,150.50 / lb',
      'Quantity changed from 1 lb to 1,250 lbs',
    ]);
    expect(watchNotes({ ...none, price: { from: null, to: 900 } })).toEqual([
      'Price changed from Make an offer to $900.00 / lb',
    ]);
  });

  it('says "Sold out" instead of a change to nothing, and "Back in stock" for a change from nothing', () => {
    expect(watchNotes({ ...none, quantity: { from: 5, to: 0 }, soldOut: true })).toEqual(['Sold out']);
    expect(watchNotes({ ...none, quantity: { from: 0, to: 3 } })).toEqual(['Back in stock: 3 lbs']);
  });

  it('puts "No longer available" first', () => {
    expect(watchNotes({ ...none, noLongerAvailable: true })).toEqual(['No longer available']);
  });
});
