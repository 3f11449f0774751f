import { INSIGHTS, insightDays, type ListingInsightsDto } from '@canopy/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { InsightsChart } from './components/insights-chart.tsx';
import { barHeights, dayLabel, insightPoints, totalsOf } from './insights-chart.ts';

// The 30 days end on 2026-11-02, so they cross the end of daylight saving time (Nov 1): still one
// label per calendar day, none skipped or repeated.
const DAYS = insightDays('2026-11-02', 30);

const zeros = () => DAYS.map(() => 0);
const listing = (changes: Partial<ListingInsightsDto> = {}): ListingInsightsDto => ({
  listingId: 'lot-1',
  views: zeros(),
  inquiries: zeros(),
  offers: zeros(),
  totals: { views: 0, inquiries: 0, offers: 0 },
  ...changes,
});

describe('insight points', () => {
  test('one point per day, labelled by its calendar day whatever the reader’s time zone', () => {
    const points = insightPoints(DAYS, listing());
    expect(points).toHaveLength(30);
    expect(points[0]).toEqual({ day: '2026-10-04', label: 'Oct 4', views: 0, inquiries: 0, offers: 0 });
    expect(points.map((point) => point.label).slice(26)).toEqual(['Oct 30', 'Oct 31', 'Nov 1', 'Nov 2']);
    expect(new Set(points.map((point) => point.day)).size).toBe(30);
    expect(dayLabel('2026-01-01')).toBe('Jan 1');
  });

  test('a listing the answer does not name, or a short series, reads as zero on every missing day', () => {
    expect(totalsOf(insightPoints(DAYS, undefined))).toEqual({ views: 0, inquiries: 0, offers: 0 });
    const views = zeros();
    views[29] = 5;
    const points = insightPoints(DAYS, listing({ views, inquiries: [2], offers: [] }));
    expect(points[29]).toMatchObject({ label: 'Nov 2', views: 5, inquiries: 0, offers: 0 });
    expect(points[0]).toMatchObject({ views: 0, inquiries: 2, offers: 0 });
    expect(totalsOf(points)).toEqual({ views: 5, inquiries: 2, offers: 0 });
  });

  test('bars: the busiest day reaches the top, a quiet day with a view stays visible, an empty day is flat', () => {
    expect(barHeights([0, 1, 50, 100], 28)).toEqual([0, 2, 14, 28]);
    expect(barHeights([0, 0], 28)).toEqual([0, 0]);
  });
});

describe('InsightsChart', () => {
  test('is an image named for the listing, with the same numbers as a table', () => {
    const views = zeros();
    views[28] = 3;
    const offers = zeros();
    offers[29] = 1;
    render(<InsightsChart points={insightPoints(DAYS, listing({ views, offers }))} title="Blue Dream" />);
    // The chart is one image to a screen reader, named in words, inside the figure with its axis.
    const chart = screen.getByRole('img', {
      name: 'Daily views, inquiries and offers for Blue Dream, last 30 days',
    });
    expect(chart.closest('figure')).toBe(screen.getByRole('figure'));
    const table = screen.getByRole('table', { hidden: true });
    const rows = within(table).getAllByRole('row', { hidden: true });
    expect(rows).toHaveLength(31);
    expect(rows.at(-2)?.textContent).toBe('Nov 1300');
    expect(rows.at(-1)?.textContent).toBe('Nov 2001');
    // The axis names the first and last day under the chart.
    const caption = screen.getByRole('figure').querySelector('figcaption');
    expect(caption?.textContent).toBe('Oct 4Nov 2');
  });

  test('words the totals of a row', () => {
    expect(INSIGHTS.summary({ views: 1, inquiries: 1, offers: 0 })).toBe('1 view, 1 inquiry, 0 offers');
    expect(INSIGHTS.summary({ views: 1200, inquiries: 2, offers: 1 })).toBe(
      '1,200 views, 2 inquiries, 1 offer',
    );
  });
});
