import { idParams } from '../common/params.ts';
import { messageResponse } from '../common/responses.ts';
import { defineRoutes } from '../route-contract.ts';
import { watchlistAddresses } from './addresses.ts';
import { watchlistResponse, watchlistSummaryResponse, watchToggleResponse } from './responses.ts';
import { WATCHLIST } from './texts.ts';

// Adding and removing are PUT and DELETE on the lot's own path, so pressing the heart twice, or a
// retried request, is harmless (decision 155).

const listingParams = idParams(WATCHLIST.notFound);

export const watchlistContracts = defineRoutes(watchlistAddresses, {
  list: {
    summary: "The buyer's watched lots, with what changed since the page was last opened",
    response: { 200: watchlistResponse },
  },
  summary: {
    summary: 'Which lots the buyer watches and how many changed (hearts and the nav)',
    response: { 200: watchlistSummaryResponse },
  },
  seen: {
    summary: 'The buyer has looked: notes start again from the lots as they are now',
    response: { 200: messageResponse },
  },
  watch: {
    summary: 'Watch a lot (again: no change)',
    params: listingParams,
    response: { 200: watchToggleResponse },
  },
  unwatch: {
    summary: 'Stop watching a lot (not watched: no change)',
    params: listingParams,
    response: { 200: watchToggleResponse },
  },
});
