import { DISPLAY_TIME_ZONE, onFirstUse } from '@canopy/shared';

// SPEC: times are shown in Pacific time wherever the viewer is. Formatters are built once, on
// first use: Intl.DateTimeFormat construction is the expensive part, and the first one of a page
// also loads ICU's data, which must not lengthen the task that starts the app (decision 257).

const INVALID = 'Invalid Date';
const locale = 'en-US';

/** A Pacific-time formatter with these fields, built on its first use. */
const pacific = (fields: Intl.DateTimeFormatOptions, tag = locale) =>
  onFirstUse(() => new Intl.DateTimeFormat(tag, { timeZone: DISPLAY_TIME_ZONE, ...fields }));

const timeOnly = pacific({ hour: 'numeric', minute: '2-digit' });
const monthDayTime = pacific({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const dateAndTime = pacific({
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
// en-CA formats as YYYY-MM-DD, a cheap key for "same calendar day in Pacific time".
const dayKey = pacific({ year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA');

type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Time only when the moment is today (Pacific), else month, day and time; "Invalid Date" if unparseable. */
export function formatPacificTime(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return INVALID;
  return dayKey().format(date) === dayKey().format(now)
    ? timeOnly().format(date)
    : monthDayTime().format(date);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const HOUR_MS = 3_600_000;
/** The year from which the rules below are the United States' (the Energy Policy Act of 2005). */
const RULES_SINCE = 2007;

/** The day of `month` (0-based) that is its `nth` Sunday, in `year`. */
function nthSunday(year: number, month: number, nth: number): number {
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return 1 + ((7 - firstWeekday) % 7) + 7 * (nth - 1);
}

/**
 * California's offset from UTC at `ms`: -7 h from the second Sunday of March, 2 AM PST (10:00 UTC),
 * to the first Sunday of November, 2 AM PDT (09:00 UTC); -8 h otherwise.
 */
function pacificOffsetMs(ms: number, year: number): number {
  const start = Date.UTC(year, 2, nthSunday(year, 2, 2), 10);
  const end = Date.UTC(year, 10, nthSunday(year, 10, 1), 9);
  return (ms >= start && ms < end ? -7 : -8) * HOUR_MS;
}

const dateOnly = pacific({ year: 'numeric', month: 'short', day: 'numeric' });

/**
 * "Jun 5, 2025" in Pacific time; "Invalid Date" if unparseable. Every catalog card shows one, so
 * it is worked out from the daylight-saving rules rather than with Intl, whose first use on a page
 * loads ICU's data in one long task (decision 257); `time.test.ts` holds it to Intl's answer hour
 * by hour over decades. Dates before the rules took effect go to Intl.
 */
export function formatPacificDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return INVALID;
  const ms = date.getTime();
  const year = date.getUTCFullYear();
  if (year < RULES_SINCE) return dateOnly().format(date);
  const pacific = new Date(ms + pacificOffsetMs(ms, year));
  return `${MONTHS[pacific.getUTCMonth()]} ${pacific.getUTCDate()}, ${pacific.getUTCFullYear()}`;
}

/**
 * "Mar 5, 2030, 1:30 AM" in Pacific time, for moments that are planned or kept on record (pick-up,
 * arrival, an invoice's issue): unlike a message's time, these may lie in another year.
 */
export function formatPacificDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? dateAndTime().format(date) : INVALID;
}
