import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { groupDigits, onFirstUse } from './units.ts';

describe('groupDigits', () => {
  test.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [-1234567, '-1,234,567'],
    [10_000_000, '10,000,000'],
  ])('%d is "%s"', (value, text) => {
    expect(groupDigits(value)).toBe(text);
  });

  test('writes any whole number as toLocaleString("en-US") does', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (value) => {
        expect(groupDigits(value)).toBe(value.toLocaleString('en-US'));
      }),
    );
  });

  test('leaves a fraction to Intl', () => {
    expect(groupDigits(1234.5)).toBe('1,234.5');
  });
});

describe('onFirstUse', () => {
  test('builds the value once, on the first call, and hands the same one out after', () => {
    let built = 0;
    const value = onFirstUse(() => ({ n: ++built }));
    expect(built).toBe(0);
    const first = value();
    expect(value()).toBe(first);
    expect(built).toBe(1);
  });
});
