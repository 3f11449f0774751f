// What other features may use of the notification centre; everything else here is its own business.
export { emailSwitchOn, presentEmailSwitches, switchesOffAfter } from './email-switches.ts';
export { listenForNotifications } from './feed.ts';
export { type Notice, notify } from './notify.ts';
export { unreadCount as unreadNotificationCount } from './read-model.ts';
export { notificationRoutes } from './routes.ts';
export { startNotificationSweep, sweepOldNotifications } from './sweep.ts';
export { type LotState, notifyWatchers } from './watch-notices.ts';
