import { describe, expect, it } from 'vitest';
import { KeptBytes } from './kept-bytes.ts';

describe('values kept within a budget of bytes', () => {
  it('drop the one set longest ago when a new one does not fit', () => {
    const kept = new KeptBytes<string>(100);
    kept.set('a', 'A', 25);
    kept.set('b', 'B', 25);
    kept.set('c', 'C', 25);
    // Set again: now the newest, so 'b' is the oldest when 'e' needs room.
    kept.set('a', 'A again', 25);
    kept.set('d', 'D', 25);
    kept.set('e', 'E', 25);
    expect(['a', 'b', 'c', 'd', 'e'].map((key) => kept.get(key))).toEqual([
      'A again',
      undefined,
      'C',
      'D',
      'E',
    ]);
  });

  it('reckon what a value grew by, and free it with the value', () => {
    const kept = new KeptBytes<string>(100);
    kept.set('a', 'A', 20);
    kept.grow('a', 40);
    kept.set('b', 'B', 25);
    kept.set('c', 'C', 25);
    expect(kept.get('a')).toBeUndefined();
    kept.set('d', 'D', 25);
    kept.set('e', 'E', 25);
    expect(['b', 'c', 'd', 'e'].map((key) => kept.get(key))).toEqual(['B', 'C', 'D', 'E']);
  });

  it('keep nothing larger than a quarter of the budget, nor anything with no budget', () => {
    const kept = new KeptBytes<string>(100);
    kept.set('a', 'A', 10);
    kept.set('a', 'too large', 26);
    expect(kept.get('a')).toBeUndefined();
    const none = new KeptBytes<string>(0);
    none.set('a', 'A', 0);
    expect(none.get('a')).toBeUndefined();
  });

  it('forget everything when cleared', () => {
    const kept = new KeptBytes<string>(100);
    kept.set('a', 'A', 25);
    kept.clear();
    expect(kept.get('a')).toBeUndefined();
    for (const key of ['b', 'c', 'd', 'e']) kept.set(key, key, 25);
    expect(kept.get('b')).toBe('b');
  });
});
