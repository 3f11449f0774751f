import { countOf, formatDollars } from '@canopy/shared';
import { listEmail } from '../../lib/list-email.ts';
import type { MailMessage } from '../../lib/mail.ts';

// The alert mail of a saved search: the new listings by name, each with its link, a link to the
// whole result on the catalog, and one to manage saved searches. The plain-text part carries
// every link on a line of its own, as the other e-mails do.

export interface AlertListing {
  id: string;
  title: string;
  /** Per pound; null when the seller takes offers only. */
  askingPrice: number | null;
  quantityLbs: number;
  sellerBusinessName: string;
}

export interface SearchAlert {
  to: string;
  recipientName: string;
  searchName: string;
  /** The filters in words. */
  summary: string;
  /** The catalog's address parameters of the search. */
  filters: Record<string, string>;
  /** The newest first, at most SAVED_SEARCH_ALERT_LISTINGS_MAX of them. */
  listings: AlertListing[];
  /** All the new matches, shown or not. */
  total: number;
  appUrl: string;
}

const pounds = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

const detail = (listing: AlertListing) =>
  [
    listing.askingPrice === null ? 'Accepting offers' : `${formatDollars(listing.askingPrice)} per lb`,
    `${pounds.format(listing.quantityLbs)} lbs available`,
    listing.sellerBusinessName,
  ]
    .filter(Boolean)
    .join(' · ');

export function savedSearchAlertEmail(alert: SearchAlert): MailMessage {
  const search = new URLSearchParams(alert.filters).toString();
  const resultsUrl = `${alert.appUrl}/products${search ? `?${search}` : ''}`;
  const manageUrl = `${alert.appUrl}/saved-searches`;
  const subject =
    alert.total === 1
      ? `1 new listing matches "${alert.searchName}"`
      : `${countOf(alert.total, 'new listing')} match "${alert.searchName}"`;
  const greeting = `Hello ${alert.recipientName || 'there'},`;
  const intro = `${alert.total === 1 ? 'A new listing' : `${countOf(alert.total, 'new listing')}`} on Canopy ${alert.total === 1 ? 'matches' : 'match'} your saved search "${alert.searchName}" (${alert.summary}):`;
  const items = alert.listings.map((listing) => ({
    label: listing.title,
    url: `${alert.appUrl}/products/${listing.id}`,
    detail: detail(listing),
  }));
  const more = alert.total - alert.listings.length;
  const moreLine = more > 0 ? `…and ${countOf(more, 'more listing')}.` : '';
  const footer = `You receive at most one such e-mail a day per saved search because Listing Interest notifications are on. Manage your saved searches at ${manageUrl}, or turn these e-mails off under Email Notifications in your profile: ${alert.appUrl}/profile`;

  return listEmail({
    to: alert.to,
    subject,
    greeting,
    intro,
    items,
    itemUrls: true,
    moreLine,
    moreUrl: resultsUrl,
    see: { label: 'See every match', text: 'See every match on Canopy', url: resultsUrl },
    alsoText: [`Manage your saved searches:\n${manageUrl}`],
    footer,
  });
}
