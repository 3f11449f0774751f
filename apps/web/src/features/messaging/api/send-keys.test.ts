import { describe, expect, it } from 'vitest';
import { createSendKeys } from './send-keys.ts';

describe('createSendKeys', () => {
  it('keeps the key while the same message is sent again, and takes a new one after delivery or an edit', () => {
    const keys = createSendKeys();
    const first = keys.keyFor('Still available?');
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    // A failed send tried again: the server must see the same key.
    expect(keys.keyFor('Still available?')).toBe(first);
    // The text was edited before trying again: a different message.
    const edited = keys.keyFor('Still available? We need 10 lbs.');
    expect(edited).not.toBe(first);
    keys.delivered();
    // The same words sent again after delivery are a new message.
    expect(keys.keyFor('Still available? We need 10 lbs.')).not.toBe(edited);
  });
});
