import type { Permission } from '../company/roles.ts';

// What the notification centre tells a member about (issue 25 item 6, decision 249), as data both
// sides read: the kinds, which e-mail switch each kind answers to, and which permission a member's
// role needs to see a kind. No zod here, so the navigation's bell may import it on first load.

export const NOTIFICATION_KINDS = [
  'offer',
  'order',
  'invoice',
  'account',
  'listing_moderation',
  'saved_search',
  'watchlist',
  'wanted_answer',
  'sample_requested',
  'sample_decided',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The e-mail switches, one per kind of news (the profile's Email Notifications section). */
export const NOTIFICATION_EMAIL_SWITCHES = [
  'offers',
  'orders',
  'invoices',
  'account',
  'savedSearches',
  'watchlist',
  'wanted',
  'samples',
] as const;
export type NotificationEmailSwitch = (typeof NOTIFICATION_EMAIL_SWITCHES)[number];

export const SWITCH_OF_KIND: Readonly<Record<NotificationKind, NotificationEmailSwitch>> = {
  offer: 'offers',
  order: 'orders',
  invoice: 'invoices',
  account: 'account',
  listing_moderation: 'account',
  saved_search: 'savedSearches',
  watchlist: 'watchlist',
  wanted_answer: 'wanted',
  sample_requested: 'samples',
  sample_decided: 'samples',
};

/** Which side of a trade a notice is for: a deal's notices read differently to buyer and seller. */
export type NotificationSide = 'buyer' | 'seller';

/**
 * Who in a company sees a kind: the permission their role must hold (null: every member). An offer
 * goes to whoever may answer it on that side; order moves to everyone who may see orders (finance
 * invoices them, viewers follow them); an invoice falling due to those who record its payment
 * (decision 250: the trading roles read invoices too, but the reminder is the bookkeeper's).
 */
export const NOTIFICATION_AUDIENCE: Readonly<
  Record<NotificationKind, Permission | null | Readonly<Record<NotificationSide, Permission>>>
> = {
  offer: { buyer: 'offers:buy', seller: 'offers:sell' },
  order: 'orders:read',
  invoice: 'payments:write',
  account: null,
  listing_moderation: 'listings:read',
  saved_search: 'searches:write',
  watchlist: 'searches:write',
  wanted_answer: 'offers:buy',
  sample_requested: 'offers:sell',
  sample_decided: 'offers:buy',
};

/** The stream event that carries a member's new unread count (GET /messages/stream). */
export const NOTIFICATION_STREAM_EVENT = 'notification';
