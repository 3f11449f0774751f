import { DISPLAY_TIME_ZONE } from '@canopy/shared';

// SPEC: times are shown in Pacific time wherever the viewer is. Formatters are built once;
// Intl.DateTimeFormat construction is the expensive part.

const INVALID = 'Invalid Date';
const locale = 'en-US';

const timeOnly = new Intl.DateTimeFormat(locale, {
  timeZone: DISPLAY_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});
const monthDayTime = new Intl.DateTimeFormat(locale, {
  timeZone: DISPLAY_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const dateOnly = new Intl.DateTimeFormat(locale, {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});
const dateAndTime = new Intl.DateTimeFormat(locale, {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
// en-CA formats as YYYY-MM-DD, a cheap key for "same calendar day in Pacific time".
const dayKey = new Intl.DateTimeFormat('en-CA', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

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
  return dayKey.format(date) === dayKey.format(now) ? timeOnly.format(date) : monthDayTime.format(date);
}

/** "Jun 5, 2025" in Pacific time; "Invalid Date" if unparseable. */
export function formatPacificDate(value: DateInput): string {
  const date = toDate(value);
  return date ? dateOnly.format(date) : INVALID;
}

/**
 * "Mar 5, 2030, 1:30 AM" in Pacific time, for moments that are planned or kept on record (pick-up,
 * arrival, an invoice's issue): unlike a message's time, these may lie in another year.
 */
export function formatPacificDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? dateAndTime.format(date) : INVALID;
}
