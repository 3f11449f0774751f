import { describe, expect, it } from 'vitest';
import { AUTH } from './texts.ts';

describe('counts in SPEC texts', () => {
  it('one resend attempt is worded in the singular, others in the plural', () => {
    expect(AUTH.resendSent(1)).toBe('Verification email sent! You have 1 attempt remaining.');
    expect(AUTH.resendSent(2)).toBe('Verification email sent! You have 2 attempts remaining.');
    expect(AUTH.verifyEmailFirst(1)).toBe(
      'Please verify your email address before logging in. You have 1 resend attempt remaining.',
    );
    expect(AUTH.verifyEmailFirst(3)).toBe(
      'Please verify your email address before logging in. You have 3 resend attempts remaining.',
    );
  });
});
