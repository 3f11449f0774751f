import { formatUsd } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { watchlistItems } from '../../db/schema/index.ts';
import { notify } from './notify.ts';

// What a seller's edit of a lot tells the companies watching it (issue 25 item 6), in the edit's
// transaction: a lower asking price, or pounds again after none. Other changes wait for the
// Watchlist page's notes (decision 155), which compare with what the buyer last saw.

export interface LotState {
  /** The price a buyer reads: null when the seller takes offers only. */
  price: number | null;
  quantityLbs: number;
}

export function newsOf(title: string, before: LotState, after: LotState): string | null {
  if (before.price !== null && after.price !== null && after.price < before.price) {
    return `Price dropped on ${title}: ${formatUsd(before.price)} to ${formatUsd(after.price)} per lb`;
  }
  if (before.quantityLbs <= 0 && after.quantityLbs > 0) return `${title} is back in stock`;
  return null;
}

export async function notifyWatchers(
  tx: Db,
  lot: { listingId: string; title: string; before: LotState; after: LotState },
): Promise<void> {
  const title = newsOf(lot.title, lot.before, lot.after);
  if (!title) return;
  const watchers = await tx
    .select({ companyId: watchlistItems.userId })
    .from(watchlistItems)
    .where(eq(watchlistItems.listingId, lot.listingId));
  for (const { companyId } of watchers) {
    await notify(tx, { companyId, kind: 'watchlist', title, link: '/watchlist', subjectId: lot.listingId });
  }
}
