// Limits of wanted posts (issue 25 item 4, decisions 246-248).

/** Longest "what are you looking for" text: a strain and a few words about it. */
export const WANTED_QUERY_MAX = 120;
/** A post with no needed-by date is taken down this long after it went up. */
export const WANTED_LIFETIME_DAYS = 30;
/** Page sizes of GET /wanted. */
export const WANTED_PAGE_DEFAULT = 20;
export const WANTED_PAGE_MAX = 50;
/** At most one alert mail about new wanted posts per seller in this long. */
export const WANTED_ALERT_INTERVAL_MS = 24 * 60 * 60_000;
/** Posts an alert mail names; the rest are on the board. */
export const WANTED_ALERT_POSTS_MAX = 10;
