// How big a sample may be, how many a buyer may ask one seller for, and how long it may take to
// lead to an order (issue 25 item 3, decision 243).

/** The largest sample a buyer may ask for: one ounce, in whole grams. */
export const SAMPLE_GRAMS_MAX = 28;

/** A sample request's note, like an offer's, is short. */
export const SAMPLE_NOTE_MAX = 500;

/**
 * Sample requests one buyer company may make to one seller in a Pacific calendar month, declined
 * ones included: the default, which a buyer group's own cap replaces for its members (decision 244).
 */
export const SAMPLE_REQUESTS_PER_MONTH = 3;

/** The highest cap a seller may give a buyer group (0 turns samples off for it). */
export const SAMPLE_CAP_MAX = 100;

/** A sample counts as having led to an order when the buyer orders within this many days of approval. */
export const SAMPLE_CONVERSION_DAYS = 60;

/** Grams in one avoirdupois pound, exactly. */
export const GRAMS_PER_LB = 453.59237;

/**
 * The pounds a sample takes off its lot and puts on its order line: rounded up to the hundredth
 * the quantity columns hold, so the lot never gives out more than it records (decision 243).
 */
export const sampleLbs = (grams: number): number => Math.ceil((grams / GRAMS_PER_LB) * 100) / 100;

export const SAMPLES_PAGE_DEFAULT = 20;
export const SAMPLES_PAGE_MAX = 50;
