import { describe, expect, it } from 'vitest';
import { latestDigestSlot } from './schedule.ts';

// The digest's slot on California's clock: Monday 08:00 Pacific is 16:00 UTC in winter (PST) and
// 15:00 UTC in summer (PDT).

const monday8 = { day: 1, hour: 8 };

describe('latestDigestSlot', () => {
  it('is this Monday 08:00 Pacific from Monday 08:00 on, and last Monday before it', () => {
    expect(latestDigestSlot(new Date('2026-11-23T16:00:00Z'), monday8).toISOString()).toBe(
      '2026-11-23T16:00:00.000Z',
    );
    expect(latestDigestSlot(new Date('2026-11-23T15:59:59Z'), monday8).toISOString()).toBe(
      '2026-11-16T16:00:00.000Z',
    );
    expect(latestDigestSlot(new Date('2026-11-25T18:00:00Z'), monday8).toISOString()).toBe(
      '2026-11-23T16:00:00.000Z',
    );
  });

  it('follows daylight saving time and the Pacific date, not the UTC one', () => {
    expect(latestDigestSlot(new Date('2026-07-08T12:00:00Z'), monday8).toISOString()).toBe(
      '2026-07-06T15:00:00.000Z',
    );
    // Monday 03:00 UTC is still Sunday evening in California: last week's slot.
    expect(latestDigestSlot(new Date('2026-11-30T03:00:00Z'), monday8).toISOString()).toBe(
      '2026-11-23T16:00:00.000Z',
    );
    // The week daylight saving ends (Sunday 1 November 2026): the slot before is in PDT.
    expect(latestDigestSlot(new Date('2026-11-01T20:00:00Z'), monday8).toISOString()).toBe(
      '2026-10-26T15:00:00.000Z',
    );
  });

  it('takes any weekday and hour', () => {
    expect(latestDigestSlot(new Date('2026-11-25T18:00:00Z'), { day: 3, hour: 0 }).toISOString()).toBe(
      '2026-11-25T08:00:00.000Z',
    );
  });
});
