import { describe, expect, it } from 'vitest';
import { dealTotal, formatOrderNumber } from './limits.ts';
import { californiaToday, createOfferSchema, orderStatusSchema } from './schemas.ts';
import { OFFER_RULES } from './texts.ts';

describe('deal limits and schemas', () => {
  it('numbers orders CNP- and six digits, growing past a million', () => {
    expect(formatOrderNumber(123)).toBe('CNP-000123');
    expect(formatOrderNumber(1_234_567)).toBe('CNP-1234567');
  });

  it('totals in cents', () => {
    expect(dealTotal(12.5, 1199.99)).toBe(14999.88);
    expect(dealTotal(0.1, 0.2)).toBe(0.02);
  });

  it("reads today's date in California, not UTC", () => {
    // 02:00 UTC on 1 March is still 28 February in California.
    expect(californiaToday(new Date('2030-03-01T02:00:00Z'))).toBe('2030-02-28');
  });

  it('takes typed text for amounts, drops blank optional fields and leaves unnamed payment terms to the server', () => {
    const parsed = createOfferSchema.parse({
      listingId: ' abc ',
      quantityLbs: '2.50',
      pricePerLb: '10',
      deliverBy: '',
      note: '   ',
    });
    expect(parsed).toEqual({
      listingId: 'abc',
      quantityLbs: 2.5,
      pricePerLb: 10,
      deliverBy: null,
      note: null,
    });
    // Unnamed terms are the buyer group's, else cash on delivery: the server decides (decision 242).
    expect(parsed.paymentTerms).toBeUndefined();
  });

  it('needs a reason to cancel, not to fulfil', () => {
    expect(orderStatusSchema.safeParse({ status: 'cancelled' }).error?.issues[0]?.message).toBe(
      OFFER_RULES.cancelReasonRequired,
    );
    expect(orderStatusSchema.parse({ status: 'fulfilled' })).toEqual({ status: 'fulfilled', reason: null });
  });
});
