import { describe, expect, it } from 'vitest';
import { ACCOUNT_SECURITY } from './account-security.ts';

describe('ACCOUNT_SECURITY.signInWait', () => {
  it('rounds the wait up to whole minutes, in the singular for one', () => {
    expect(ACCOUNT_SECURITY.signInWait(1)).toBe(
      'Too many failed sign-in attempts. Please wait 1 minute and try again.',
    );
    expect(ACCOUNT_SECURITY.signInWait(60)).toBe(
      'Too many failed sign-in attempts. Please wait 1 minute and try again.',
    );
    expect(ACCOUNT_SECURITY.signInWait(61)).toBe(
      'Too many failed sign-in attempts. Please wait 2 minutes and try again.',
    );
  });
});
