import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { watchlistSummaryOptions } from '@/features/watchlist';
import { renderWithSession } from '@/test/session.tsx';
import { WatchlistLink } from './watchlist-link.tsx';

// The link's visible words must be the start of its name, as axe's label-content-name-mismatch
// reads them (a CI journey failed it): "Watchlist" and the badge's "1" ran together into one word
// that the name "Watchlist, 1 change" does not hold.
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join(' ');

test('the Watchlist link with a change count says its visible words in its name', async () => {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(watchlistSummaryOptions().queryKey, { listingIds: ['a', 'b'], changed: 1 });
  await renderWithSession(<WatchlistLink className={() => ''} />, 'buyer', client);
  const link = screen.getByRole('link', { name: 'Watchlist, 1 change' });
  expect(words(link.textContent ?? '')).toBe('watchlist 1');
  expect(words(link.getAttribute('aria-label') ?? '').startsWith(words(link.textContent ?? ''))).toBe(true);
});
