import { MESSAGES_PAGE } from '../texts.ts';

/** SPEC §2: a participant or sender without a name reads "Unknown User". */
export function displayName(businessName: string | null | undefined): string {
  return businessName?.trim() || MESSAGES_PAGE.unknownUser;
}
