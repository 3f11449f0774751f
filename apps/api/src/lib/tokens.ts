import { createHash, randomBytes } from 'node:crypto';

/** A secret for a session or an e-mailed link: 256 random bits, URL-safe. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** What the database keeps of a token; a fast hash suffices because the token itself is random. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
