import { setTimeout as sleep } from 'node:timers/promises';
import { TOTP_DIGITS, TOTP_STEP_SECONDS, TOTP_WINDOW_STEPS } from '@canopy/shared';
import { base32Decode, hotp, totpStep } from '../../src/lib/totp.ts';

/**
 * A code the server will take now: the current step's, or the next one's when the current was
 * used (a code works once), waiting for the clock when both are spent. Never the step before
 * now, which a slow machine could see expire between making the code and the server checking it.
 */
export async function nextTotpCode(secret: string, lastUsedStep: number | null): Promise<string> {
  for (;;) {
    const now = Date.now();
    const current = totpStep(now, TOTP_STEP_SECONDS);
    const step = Math.max(current, (lastUsedStep ?? -1) + 1);
    if (step <= current + TOTP_WINDOW_STEPS) return hotp(base32Decode(secret), step, TOTP_DIGITS);
    await sleep(TOTP_STEP_SECONDS * 1000 - (now % (TOTP_STEP_SECONDS * 1000)) + 50);
  }
}
