// The saved-search screens' own words; the API's texts and toasts are SAVED_SEARCHES in @canopy/shared.

export const SAVED_SEARCHES_PAGE = {
  title: 'Saved Searches',
  description:
    'When new listings match one of your searches, we e-mail them to you, at most once a day per search. These e-mails follow the Listing Interest setting under Email Notifications in your profile.',
  loading: 'Loading saved searches',
  caption: 'Your saved searches',
  name: 'Name',
  filters: 'Filters',
  lastAlert: 'Last alert',
  never: 'Not yet',
  run: 'Run search',
  runLabel: (name: string) => `Run search ${name}`,
  delete: 'Delete',
  deleteLabel: (name: string) => `Delete saved search ${name}`,
  emptyTitle: 'No saved searches yet',
  emptyHint: 'On Browse Products, set the search and filters you want, then press "Save search".',
  browse: 'Browse Products',
  confirmTitle: 'Delete saved search?',
  confirmBody: (name: string) => `"${name}" will be deleted and its alert e-mails will stop.`,
  confirm: 'Delete',
  cancel: 'Cancel',
} as const;

export const SAVE_SEARCH = {
  button: 'Save search',
  title: 'Save this search',
  nameLabel: 'Name',
  nameHint: 'We e-mail you new listings that match, at most once a day.',
  filtersLabel: 'Filters',
  submit: 'Save search',
  cancel: 'Cancel',
  manage: 'Manage saved searches',
} as const;
