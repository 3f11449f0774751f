import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUrl, totpStep } from './totp.ts';

// RFC 6238 Appendix B: the seeds are the ASCII strings below, 8-digit codes, 30-second steps.
const SEEDS = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
};
const VECTORS: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP', () => {
  it.each(VECTORS)('matches RFC 6238 at t=%i', (seconds, sha1, sha256, sha512) => {
    const step = totpStep(seconds * 1000, 30);
    expect(hotp(SEEDS.sha1, step, 8, 'sha1')).toBe(sha1);
    expect(hotp(SEEDS.sha256, step, 8, 'sha256')).toBe(sha256);
    expect(hotp(SEEDS.sha512, step, 8, 'sha512')).toBe(sha512);
  });

  it('matches RFC 4226 Appendix D for the first counters', () => {
    const codes = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((counter) => hotp(SEEDS.sha1, counter, 6));
    expect(codes).toEqual([
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ]);
  });

  it('round-trips base32 as apps write it (RFC 4648 test vectors)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw 6ytb oi======').toString()).toBe('foobar');
    expect(() => base32Decode('not-base32!')).toThrow();
  });

  const secret = base32Encode(SEEDS.sha1);
  const check = (code: string, now: number, lastUsedStep: number | null = null) =>
    matchTotp({ secret, code, now, digits: 6, stepSeconds: 30, windowSteps: 1, lastUsedStep });

  it('accepts the step before and after now, not two away, and each step once', () => {
    const now = 1_111_111_111_000;
    const step = totpStep(now, 30);
    const codeAt = (s: number) => hotp(SEEDS.sha1, s, 6);
    expect(check(codeAt(step), now)).toBe(step);
    expect(check(codeAt(step - 1), now)).toBe(step - 1);
    expect(check(codeAt(step + 1), now)).toBe(step + 1);
    expect(check(codeAt(step - 2), now)).toBeNull();
    expect(check(codeAt(step + 2), now)).toBeNull();
    // Once a step was used, it and older steps are refused.
    expect(check(codeAt(step), now, step)).toBeNull();
    expect(check(codeAt(step - 1), now, step)).toBeNull();
    expect(check(codeAt(step + 1), now, step)).toBe(step + 1);
    expect(check('12345', now)).toBeNull();
    expect(check('abcdef', now)).toBeNull();
  });

  it('writes the otpauth address apps read', () => {
    expect(otpauthUrl('Canopy', 'a@b.example', 'ABC', 6, 30)).toBe(
      'otpauth://totp/Canopy%3Aa%40b.example?secret=ABC&issuer=Canopy&algorithm=SHA1&digits=6&period=30',
    );
  });
});
