import { describe, expect, test } from 'vitest';
import { formatPacificDate, formatPacificDateTime, formatPacificTime } from './time.ts';

// 2025-06-05 22:04 UTC is 3:04 PM on June 5 in Los Angeles (PDT, UTC-7).
const AFTERNOON = '2025-06-05T22:04:00.000Z';

describe('formatPacificDate', () => {
  test('the calendar day in Pacific time, whatever the UTC date', () => {
    expect(formatPacificDate(AFTERNOON)).toBe('Jun 5, 2025');
    // 03:00 UTC on June 6 is still the evening of June 5 in California.
    expect(formatPacificDate('2025-06-06T03:00:00.000Z')).toBe('Jun 5, 2025');
  });

  test('takes a Date or epoch milliseconds as well as a string', () => {
    expect(formatPacificDate(new Date(AFTERNOON))).toBe('Jun 5, 2025');
    expect(formatPacificDate(Date.parse(AFTERNOON))).toBe('Jun 5, 2025');
  });

  test.each([null, undefined, '', 'not a date'])('%s is "Invalid Date"', (value) => {
    expect(formatPacificDate(value)).toBe('Invalid Date');
  });
});

describe('formatPacificTime', () => {
  test('a moment earlier the same Pacific day shows its time only', () => {
    expect(formatPacificTime(AFTERNOON, new Date('2025-06-06T05:00:00.000Z'))).toBe('3:04 PM');
  });

  test('a moment on another Pacific day shows month, day and time', () => {
    // 08:00 UTC on June 6 is 1 AM on June 6 in California: the next day there.
    expect(formatPacificTime(AFTERNOON, new Date('2025-06-06T08:00:00.000Z'))).toBe('Jun 5, 3:04 PM');
  });

  test('winter times are PST (UTC-8)', () => {
    const january = '2025-01-15T20:30:00.000Z';
    expect(formatPacificTime(january, new Date(january))).toBe('12:30 PM');
  });

  test('an unreadable moment is "Invalid Date"', () => {
    expect(formatPacificTime('soon')).toBe('Invalid Date');
  });
});

describe('formatPacificDateTime', () => {
  test('the date with its year and the time, in Pacific time: a pick-up years ahead reads as such', () => {
    expect(formatPacificDateTime(AFTERNOON)).toBe('Jun 5, 2025, 3:04 PM');
    // 09:30 UTC on March 5, 2030 is 1:30 AM in California (PST).
    expect(formatPacificDateTime('2030-03-05T09:30:00.000Z')).toBe('Mar 5, 2030, 1:30 AM');
  });

  test('an unreadable moment is "Invalid Date"', () => {
    expect(formatPacificDateTime('soon')).toBe('Invalid Date');
  });
});

describe('formatPacificDate without Intl', () => {
  const intl = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Los_Angeles',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });

  test('gives Intl’s day for every hour from 2007 to 2040, across every change of the clocks', () => {
    const differ: string[] = [];
    for (let ms = Date.UTC(2007, 0, 1); ms < Date.UTC(2040, 0, 1); ms += 3_600_000) {
      if (formatPacificDate(ms) !== intl.format(ms)) differ.push(new Date(ms).toISOString());
    }
    expect(differ).toEqual([]);
  });

  test('the minutes either side of a change give Intl’s day', () => {
    // 2025: PDT from 10:00 UTC on March 9 to 09:00 UTC on November 2; the day turns at 07:00 or 08:00 UTC.
    for (const iso of [
      '2025-03-09T07:59:59.999Z',
      '2025-03-09T08:00:00.000Z',
      '2025-03-09T09:59:59.999Z',
      '2025-03-09T10:00:00.000Z',
      '2025-11-02T06:59:59.999Z',
      '2025-11-02T07:00:00.000Z',
      '2025-11-02T08:59:59.999Z',
      '2025-11-02T09:00:00.000Z',
      '2025-11-03T07:59:59.999Z',
      '2025-11-03T08:00:00.000Z',
      '2025-12-31T23:59:59.999Z',
      '2026-01-01T08:00:00.000Z',
    ]) {
      expect(formatPacificDate(iso), iso).toBe(intl.format(new Date(iso)));
    }
  });

  test('a date before 2007 still comes out right (through Intl)', () => {
    expect(formatPacificDate('2006-04-02T09:30:00.000Z')).toBe(
      intl.format(new Date('2006-04-02T09:30:00.000Z')),
    );
    expect(formatPacificDate('1999-12-31T12:00:00.000Z')).toBe('Dec 31, 1999');
  });
});
