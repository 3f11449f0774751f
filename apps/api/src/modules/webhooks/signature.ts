import { createHmac, randomBytes } from 'node:crypto';

// Canopy-Signature (issue 24): `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` under
// the subscription's secret. The time is inside what is signed, so a receiver that refuses old
// timestamps cannot be fed a recorded delivery again; docs/api.md shows the receiver's side.

/** 32 random bytes, prefixed so a leaked one is recognised (like an API key's `cnp_`). */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}
