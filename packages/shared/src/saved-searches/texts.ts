import { countOf } from '../plural.ts';
import { SAVED_SEARCH_NAME_MAX, SAVED_SEARCHES_PER_USER } from './limits.ts';

// Every text a person reads about saved searches: the API's errors and the web's toasts and page.

export const SAVED_SEARCHES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${SAVED_SEARCH_NAME_MAX} characters`,
  limitReached: `You can keep at most ${countOf(SAVED_SEARCHES_PER_USER, 'saved search', 'saved searches')}. Delete one to save another.`,
  duplicateName: 'You already have a saved search with this name',
  notFound: 'Saved search not found',
  saved: 'Search saved. We will e-mail you when new listings match.',
  renamed: 'Saved search renamed',
  deleted: 'Saved search deleted',
  fetchFailed: 'Failed to fetch saved searches',
  saveFailed: 'Failed to save search',
  renameFailed: 'Failed to rename saved search',
  deleteFailed: 'Failed to delete saved search',
  /** The summary of a search with no filter at all. */
  everything: 'All products',
} as const;
