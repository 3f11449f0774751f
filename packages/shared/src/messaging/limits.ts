// Every number of messaging (SPEC §9, decisions 021 and 022).

/** Longest message a person may send (decision 021); the subject is stored in front of it. */
export const MESSAGE_MAX = 5000;
export const MESSAGE_SUBJECT_MAX = 200;
/** Characters of the last message a conversation list row carries (the row shows one line). */
export const MESSAGE_PREVIEW_MAX = 280;
/** Page sizes of the conversation list and of a thread (decision 021). */
export const CONVERSATIONS_PAGE_DEFAULT = 100;
export const CONVERSATIONS_PAGE_MAX = 200;
export const THREAD_PAGE_DEFAULT = 200;
export const THREAD_PAGE_MAX = 500;
/** Unread conversations GET /messages/unread lists (the banner names 2, then "and K more"). */
export const UNREAD_CONVERSATIONS_LISTED = 100;

export const UNREAD_REFRESH_MS = 30_000;
export const UNREAD_BADGE_CAP = 99;
export const BANNER_CONVERSATIONS_LISTED = 2;
export const BANNER_DISMISS_MS = 5 * 60_000;
export const MESSAGES_PANE_HEIGHT_PX = 600;
