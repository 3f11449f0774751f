// One Idempotency-Key per message being sent (decision 179). The key stays while the same text is
// sent again after a failure, so a send whose answer was lost on the way back is found by the
// server, not stored twice; a delivered message or a changed text takes a new key.

/** 32 hex digits from the browser's random source (crypto.randomUUID needs a secure context). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface SendKeys {
  /** The key for sending this message: the last one when the same message is sent again. */
  keyFor(message: string): string;
  /** The message was stored: the next send is a new message. */
  delivered(): void;
}

export function createSendKeys(): SendKeys {
  let current: { message: string; key: string } | null = null;
  return {
    keyFor(message) {
      if (current?.message !== message) current = { message, key: newKey() };
      return current.key;
    },
    delivered() {
      current = null;
    },
  };
}
