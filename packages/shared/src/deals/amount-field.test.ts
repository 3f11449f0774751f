import { describe, expect, test } from 'vitest';
import { quantityLbsField } from './schemas.ts';
import { OFFER_RULES } from './texts.ts';

// An amount is stored in cents; one that rounds to nothing is not positive, however it was written.

describe('an amount field', () => {
  test('refuses a number too small to be a cent as not positive, rather than passing a 0 on', () => {
    for (const tiny of [5e-324, 1e-9, 0.001]) {
      const parsed = quantityLbsField.safeParse(tiny);
      expect(parsed.success, String(tiny)).toBe(false);
      expect(parsed.error?.issues[0]?.message, String(tiny)).toBe(
        tiny === 0.001 ? OFFER_RULES.quantityStep : OFFER_RULES.quantityPositive,
      );
    }
  });

  test('keeps a cent and rounds away binary noise', () => {
    expect(quantityLbsField.parse(0.01)).toBe(0.01);
    expect(quantityLbsField.parse('12.5')).toBe(12.5);
    expect(quantityLbsField.parse(0.1 + 0.2)).toBe(0.3);
  });
});
