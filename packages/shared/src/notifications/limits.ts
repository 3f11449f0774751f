/** Notifications on one page of the list, and on the bell's popover. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_MAX = 50;
/** How long a notification is kept (issue 25: "kept 90 days"). */
export const NOTIFICATION_RETENTION_DAYS = 90;
