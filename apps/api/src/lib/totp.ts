import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Time-based one-time passwords (RFC 6238) over HOTP (RFC 4226), as authenticator apps compute
// them: HMAC of the 30-second step number under a shared secret, dynamically truncated to a few
// decimal digits. The secret travels to the app in base32 (RFC 4648), inside an otpauth:// URL.

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Reads base32 as people copy it: any case, with spaces, with or without padding. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** 160 random bits: the key length RFC 4226 recommends for HMAC-SHA1. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';

/** The HOTP value of one counter (RFC 4226 §5.3). */
export function hotp(
  key: Buffer,
  counter: number,
  digits: number,
  algorithm: TotpAlgorithm = 'sha1',
): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export const totpStep = (unixMs: number, stepSeconds: number) => Math.floor(unixMs / 1000 / stepSeconds);

export interface TotpCheck {
  secret: string;
  code: string;
  now: number;
  digits: number;
  stepSeconds: number;
  windowSteps: number;
  /** The step of the last code accepted: it and every earlier step are refused (a code works once). */
  lastUsedStep: number | null;
}

/** The step the code belongs to, when it is one of the accepted steps around now; else null. */
export function matchTotp({ secret, code, now, digits, stepSeconds, windowSteps, lastUsedStep }: TotpCheck) {
  if (!new RegExp(`^\\d{${digits}}$`).test(code)) return null;
  const key = base32Decode(secret);
  const current = totpStep(now, stepSeconds);
  for (let step = current - windowSteps; step <= current + windowSteps; step++) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue;
    const expected = Buffer.from(hotp(key, step, digits));
    if (timingSafeEqual(expected, Buffer.from(code))) return step;
  }
  return null;
}

/** The address an authenticator app reads (from a QR code or a link) to add the account. */
export function otpauthUrl(
  issuer: string,
  account: string,
  secret: string,
  digits: number,
  stepSeconds: number,
) {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(digits),
    period: String(stepSeconds),
  });
  return `otpauth://totp/${label}?${query}`;
}
