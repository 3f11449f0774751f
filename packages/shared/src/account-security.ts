// Texts and limits of the account-security controls (issue 9): e-mail changes, mail quotas and
// sign-in slow-down. The API and the web app read the same words from here.
import { countOf } from './plural.ts';

/** E-mail change requests an account may make in 24 hours (each sends one confirmation mail). */
export const EMAIL_CHANGES_PER_DAY = 3;
/** Password reset mails one recipient may receive in an hour, whoever asks and from wherever. */
export const RESET_MAILS_PER_HOUR = 3;

export const ACCOUNT_SECURITY = {
  emailChangeLimit: `You can change your e-mail address at most ${EMAIL_CHANGES_PER_DAY} times a day. Please try again tomorrow.`,
  emailChangePending: (address: string) =>
    `We sent a confirmation link to ${address}. Your sign-in e-mail changes when you open it; until then, keep signing in with your current address.`,
  emailChangePasswordHint: 'Changing your e-mail address needs your current password.',
  signInWait: (seconds: number) => {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return `Too many failed sign-in attempts. Please wait ${countOf(minutes, 'minute')} and try again.`;
  },
} as const;
