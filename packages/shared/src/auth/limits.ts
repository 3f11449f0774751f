// The numbers of sign-up, sign-in and passwords (SPEC §9, decision 003).

export const PASSWORD_MIN = 6;
/** Upper bound that keeps argon2 hashing cheap and refuses absurd inputs; not a SPEC limit. */
export const PASSWORD_MAX = 200;
export const LICENSE_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const LICENSE_DOCUMENT_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg'] as const;
export const RESET_LINK_TTL_MS = 60 * 60_000;
export const VERIFY_REDIRECT_MS = 2000;
export const MIN_AGE = 21;
/** Verification e-mails a user may ask to be sent again (decision 003). */
export const VERIFICATION_RESEND_LIMIT = 3;
