import { WANTED_LIFETIME_DAYS, WANTED_QUERY_MAX } from './limits.ts';

// Every text a person reads about wanted posts: the API's errors and the web's pages and toasts.

export const WANTED = {
  queryRequired: 'Say what you are looking for',
  queryTooLong: `What you are looking for must be at most ${WANTED_QUERY_MAX} characters`,
  categoryInvalid: 'Choose a category from the list',
  priceRange: 'The lowest price cannot be above the highest price',
  neededByInvalid: 'Needed-by date must be a date (YYYY-MM-DD)',
  neededByPast: 'Needed-by date cannot be in the past',
  notFound: 'Wanted post not found',
  closed: 'This wanted post was closed by the buyer',
  expired: 'This wanted post has expired',
  notYourLot: 'Answer with one of your own lots that is live in the catalog',
  created: `Wanted request posted. Sellers can answer it for ${WANTED_LIFETIME_DAYS} days or until your needed-by date.`,
  answered: 'Offer sent. The buyer will see it in your conversation.',
  closedNow: 'Wanted request closed',
  fetchFailed: 'Failed to load wanted posts',
  postFailed: 'Failed to post the wanted request',
  answerFailed: 'Failed to send the offer',
  closeFailed: 'Failed to close the wanted request',
  // The notification centre's title for the buyer (issue 25 item 6).
  answeredNotice: (query: string, lot: string) => `A seller answered "${query}" with ${lot}`,
} as const;
