import { NOTIFICATIONS, notificationContracts } from '@canopy/shared';
import { route } from '../../http/route-table.ts';
import type { SessionUser } from '../../lib/session.ts';
import { markAllRead, markRead } from './mark-read.ts';
import { presentNotification } from './presenter.ts';
import { listNotifications, type Reader, unreadCount } from './read-model.ts';

// Issue 25 item 6: the bell's list and its read state, each member's own (decision 249). Admins
// belong to no company and have no notifications.

const readerOf = (auth: SessionUser): Reader => ({ userId: auth.login.id, companyId: auth.user.id });

export const notificationRoutes = [
  route({ ...notificationContracts.list, access: 'verified' }).handle(async ({ query, ctx, auth }) => {
    const db = ctx.database.db;
    const reader = readerOf(auth);
    const [{ rows, total }, unread] = await Promise.all([
      listNotifications(db, reader, query),
      unreadCount(db, reader),
    ]);
    return {
      success: true,
      data: rows.map(presentNotification),
      pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
      unreadCount: unread,
    };
  }),
  route({ ...notificationContracts.read, access: 'verified' }).handle(async ({ params, ctx, auth }) => {
    const reader = readerOf(auth);
    await markRead(ctx.database.db, reader, params.id);
    return {
      success: true,
      message: NOTIFICATIONS.markedRead,
      unreadCount: await unreadCount(ctx.database.db, reader),
    };
  }),
  route({ ...notificationContracts.readAll, access: 'verified' }).handle(async ({ ctx, auth }) => {
    const reader = readerOf(auth);
    await markAllRead(ctx.database.db, reader);
    return {
      success: true,
      message: NOTIFICATIONS.allMarkedRead,
      unreadCount: await unreadCount(ctx.database.db, reader),
    };
  }),
];
