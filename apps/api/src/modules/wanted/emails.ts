import {
  countOf,
  formatDollars,
  formatLbs,
  PRODUCT_CATEGORY_LABELS,
  type ProductCategory,
} from '@canopy/shared';
import { listEmail } from '../../lib/list-email.ts';
import type { MailMessage } from '../../lib/mail.ts';

// The daily mail that tells a seller of new wanted posts their public lots could answer: each
// post in a line (what, how much, at what price, by when, where), a link to the board, and how to
// turn these mails off (Listing Interest, the same switch as saved-search alerts).

export interface AlertPost {
  query: string;
  category: string | null;
  quantityLbs: number;
  minPrice: number | null;
  maxPrice: number | null;
  neededBy: string | null;
  county: string | null;
  buyerName: string;
}

export interface WantedAlert {
  to: string;
  recipientName: string;
  /** Newest first, at most WANTED_ALERT_POSTS_MAX. */
  posts: AlertPost[];
  /** Every new matching post, shown or not. */
  total: number;
  appUrl: string;
}

function priceRange(post: AlertPost): string {
  if (post.minPrice !== null && post.maxPrice !== null) {
    return `${formatDollars(post.minPrice)}–${formatDollars(post.maxPrice)} per lb`;
  }
  if (post.minPrice !== null) return `from ${formatDollars(post.minPrice)} per lb`;
  if (post.maxPrice !== null) return `up to ${formatDollars(post.maxPrice)} per lb`;
  return '';
}

const detail = (post: AlertPost) =>
  [
    post.category ? PRODUCT_CATEGORY_LABELS[post.category as ProductCategory] : '',
    formatLbs(post.quantityLbs),
    priceRange(post),
    post.neededBy ? `needed by ${post.neededBy}` : '',
    post.county ? `${post.county} County` : '',
    post.buyerName,
  ]
    .filter(Boolean)
    .join(' · ');

export function wantedAlertEmail(alert: WantedAlert): MailMessage {
  const boardUrl = `${alert.appUrl}/wanted`;
  const subject =
    alert.total === 1
      ? '1 new wanted request matches your lots'
      : `${countOf(alert.total, 'new wanted request')} match your lots`;
  const greeting = `Hello ${alert.recipientName || 'there'},`;
  const intro = `Buyers on Canopy are looking for what you sell. Answer with one of your lots to start the conversation with an offer:`;
  const items = alert.posts.map((post) => ({
    label: `"${post.query}"`,
    url: boardUrl,
    detail: detail(post),
  }));
  const more = alert.total - alert.posts.length;
  const moreLine = more > 0 ? `…and ${countOf(more, 'more request')} on the Wanted board.` : '';
  const footer = `You receive at most one such e-mail a day because Listing Interest notifications are on. Turn them off under Email Notifications in your profile: ${alert.appUrl}/profile`;
  return listEmail({
    to: alert.to,
    subject,
    greeting,
    intro,
    items,
    itemUrls: false,
    moreLine,
    moreUrl: null,
    see: { label: 'Open the Wanted board', text: 'See the Wanted board', url: boardUrl },
    footer,
  });
}
