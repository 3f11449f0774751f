import { countOf } from '../plural.ts';

// Every text a person reads about notifications: the API's answers and the web app's labels.

export const NOTIFICATIONS = {
  notFound: 'Notification not found',
  markedRead: 'Notification marked read',
  allMarkedRead: 'All notifications marked read',
  title: 'Notifications',
  /** The bell's accessible name, with the count as its badge shows it ("99+"); none when nothing is unread. */
  bellLabel: (badge: string) => (badge === '0' ? 'Notifications' : `Notifications, ${badge} unread`),
  unreadHeading: (unread: number) => (unread > 0 ? `${countOf(unread, 'unread notification')}` : 'All read'),
  markAllRead: 'Mark all read',
  markRead: 'Mark read',
  seeAll: 'See all notifications',
  empty: 'No notifications yet. Offers, orders, invoices and alerts will show up here.',
  emptyUnread: 'Nothing unread.',
  loadFailed: 'Failed to load notifications',
  markFailed: 'Failed to mark notifications read',
  showAll: 'All',
  showUnread: 'Unread',
  unreadBadge: 'Unread',
} as const;

/** The profile's e-mail switch per kind: a label and what it covers. */
export const NOTIFICATION_SWITCH_TEXTS = {
  offers: { label: 'Offers', description: 'Offers and counter-offers on your deals' },
  orders: {
    label: 'Orders',
    description: 'When an order is confirmed, scheduled, in transit, fulfilled, completed or cancelled',
  },
  invoices: { label: 'Invoices', description: 'Reminders about invoices that are due or overdue' },
  account: {
    label: 'Account and moderation',
    description: 'Account approvals and decisions about your listings',
  },
  savedSearches: { label: 'Saved searches', description: 'New listings matching your saved searches' },
  watchlist: { label: 'Watchlist', description: 'Changes to lots you watch' },
  wanted: { label: 'Wanted posts', description: 'Answers to your wanted posts' },
  samples: { label: 'Samples', description: 'Sample requests and their answers' },
} as const;
