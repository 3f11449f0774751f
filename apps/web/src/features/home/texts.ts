import { countOf } from '@canopy/shared';

// The home page's words (SPEC gives the meaning, not the text).

export const HERO = {
  eyebrow: 'Wholesale cannabis trade · California',
  title: 'The B2B marketplace for licensed California cannabis operators',
  lead: 'Cultivators and manufacturers list product lots by weight. Retailers, distributors and manufacturers find them, and talk to the seller directly.',
  actionsLabel: 'Get going',
  newestLot: 'Newest lot',
  newestLotUnavailable: 'The newest lot cannot be shown right now.',
  noLotsYet: 'No lots are listed yet.',
  /** "12 verified operators · 1,204 live lots" */
  marketplaceSize: (operators: number, lots: number) =>
    `${countOf(operators, 'verified operator')} · ${countOf(lots, 'live lot')}`,
} as const;

/** What each kind of visitor can do next, first action first. */
export const HERO_ACTIONS = {
  signUpBuyer: 'Sign up as a buyer',
  signUpSeller: 'Sign up as a seller',
  browseProducts: 'Browse products',
  messages: 'Messages',
  createListing: 'Create listing',
  myListings: 'My listings',
  adminDashboard: 'Admin dashboard',
} as const;
