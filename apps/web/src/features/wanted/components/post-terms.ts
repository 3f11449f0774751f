import { formatLbs, formatUsd, PRODUCT_CATEGORY_LABELS, type WantedPostDto } from '@canopy/shared';
import { WANTED_PAGE as TEXT } from '../texts.ts';

// A wanted post's terms in words, as the board and the buyer's list show them.

export function priceRangeText(post: Pick<WantedPostDto, 'minPrice' | 'maxPrice'>): string {
  const { minPrice, maxPrice } = post;
  if (minPrice !== null && maxPrice !== null) return `${formatUsd(minPrice)}–${formatUsd(maxPrice)}`;
  if (minPrice !== null) return `from ${formatUsd(minPrice)}`;
  if (maxPrice !== null) return `up to ${formatUsd(maxPrice)}`;
  return TEXT.anyPrice;
}

export const categoryText = (post: Pick<WantedPostDto, 'category'>) =>
  post.category ? PRODUCT_CATEGORY_LABELS[post.category] : null;

export const quantityText = (post: Pick<WantedPostDto, 'quantityLbs'>) => formatLbs(post.quantityLbs);
