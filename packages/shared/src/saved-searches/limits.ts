// How many searches a person may keep and how often each may mail (issue 15, decision 150).

export const SAVED_SEARCH_NAME_MAX = 60;
/** Enough for every buyer we asked about; more would be one alert mail a day per search anyway. */
export const SAVED_SEARCHES_PER_USER = 20;
/** At most one alert mail per saved search in this long. */
export const SAVED_SEARCH_ALERT_INTERVAL_MS = 24 * 60 * 60_000;
/** Listings an alert names; the rest are one click away on the catalog. */
export const SAVED_SEARCH_ALERT_LISTINGS_MAX = 10;
