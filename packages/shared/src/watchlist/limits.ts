// How much the watchlist and the weekly digest hold.

/** Lots one buyer may watch at once: the Watchlist page shows them all without paging. */
export const WATCHLIST_MAX = 200;

/** New lots listed in one weekly digest, newest first. */
export const DIGEST_NEW_LOTS_MAX = 10;

/** Unanswered conversations listed in one weekly digest, the longest waiting first. */
export const DIGEST_CONVERSATIONS_MAX = 10;

/** A category viewed or searched within this many days counts as one the user follows. */
export const DIGEST_INTEREST_DAYS = 60;
