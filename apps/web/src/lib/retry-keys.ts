// One Idempotency-Key per thing being sent (decisions 179 and 193). The key stays while the same
// thing is sent again after a failure, so a call whose answer was lost on the way back is found by
// the server, not stored twice; once it is stored, or as soon as what is sent changes, the next
// send takes a new key.

/** 32 hex digits from the browser's random source (crypto.randomUUID needs a secure context). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface RetryKeys {
  /** The key for sending `subject` (what is sent, as text): the last one when it is sent again. */
  keyFor(subject: string): string;
  /** It was stored: the next send is a new one. */
  delivered(): void;
}

export function createRetryKeys(): RetryKeys {
  let current: { subject: string; key: string } | null = null;
  return {
    keyFor(subject) {
      if (current?.subject !== subject) current = { subject, key: newIdempotencyKey() };
      return current.key;
    },
    delivered() {
      current = null;
    },
  };
}
