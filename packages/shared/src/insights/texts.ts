import { countOf } from '../plural.ts';
import { INSIGHT_DAYS } from './limits.ts';

export const INSIGHTS = {
  heading: `Last ${INSIGHT_DAYS} days`,
  views: 'Views',
  inquiries: 'Inquiries',
  offers: 'Offers',
  viewLive: 'View live',
  loading: 'Loading insights',
  unavailable: 'Insights are unavailable right now.',
  /** A row's totals in words, e.g. "12 views, 1 inquiry, 0 offers". */
  summary: (totals: { views: number; inquiries: number; offers: number }) =>
    `${countOf(totals.views, 'view')}, ${countOf(totals.inquiries, 'inquiry', 'inquiries')}, ${countOf(totals.offers, 'offer')}`,
  chartLabel: (title: string) => `Daily views, inquiries and offers for ${title}, last ${INSIGHT_DAYS} days`,
} as const;
