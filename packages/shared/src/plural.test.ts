import { describe, expect, test } from 'vitest';
import { countOf } from './plural.ts';

describe('countOf', () => {
  test('one takes the singular, every other count the plural', () => {
    expect(countOf(1, 'user')).toBe('1 user');
    expect(countOf(0, 'user')).toBe('0 users');
    expect(countOf(2, 'attempt')).toBe('2 attempts');
  });

  test('groups thousands as US English does', () => {
    expect(countOf(1200, 'listing')).toBe('1,200 listings');
  });

  test('takes an irregular plural', () => {
    expect(countOf(3, 'inquiry', 'inquiries')).toBe('3 inquiries');
    expect(countOf(1, 'inquiry', 'inquiries')).toBe('1 inquiry');
  });
});
