// The watchlist feature's public face: the heart other features put on products, and the summary
// the nav's link reads (and its query, for the nav's tests). The page is loaded by the router from routes/.
export { useWatchlistSummary } from './api/use-watchlist.ts';
export { watchlistSummaryOptions } from './api/watchlist-api.ts';
export { WatchButton } from './components/watch-button.tsx';
