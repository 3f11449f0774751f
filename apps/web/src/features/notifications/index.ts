// The notification centre's public face: the bell for the navigation, and what the live stream
// calls when a member's unread count changes. Everything else here is its own business.
export { applyUnreadNotifications } from './api/notifications-api.ts';
export { NotificationBell } from './components/notification-bell.tsx';
