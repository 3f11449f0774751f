import { describe, expect, it } from 'vitest';
import { newsOf } from './watch-notices.ts';

describe('what a lot edit tells its watchers', () => {
  it('a lower asking price', () => {
    expect(newsOf('Gelato', { price: 1400, quantityLbs: 5 }, { price: 1250, quantityLbs: 5 })).toBe(
      'Price dropped on Gelato: $1,400.00 to $1,250.00 per lb',
    );
  });

  it('pounds again after none', () => {
    expect(newsOf('Gelato', { price: 1400, quantityLbs: 0 }, { price: 1400, quantityLbs: 2 })).toBe(
      'Gelato is back in stock',
    );
  });

  it('nothing for a higher price, a price taken away or given, or more pounds', () => {
    const before = { price: 1400, quantityLbs: 5 };
    expect(newsOf('Gelato', before, { price: 1500, quantityLbs: 5 })).toBeNull();
    expect(newsOf('Gelato', before, { price: null, quantityLbs: 5 })).toBeNull();
    expect(newsOf('Gelato', { price: null, quantityLbs: 5 }, { price: 900, quantityLbs: 5 })).toBeNull();
    expect(newsOf('Gelato', before, { price: 1400, quantityLbs: 9 })).toBeNull();
  });
});
