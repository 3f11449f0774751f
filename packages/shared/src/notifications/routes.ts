import { idParams } from '../common/params.ts';
import { defineRoutes } from '../route-contract.ts';
import { notificationAddresses } from './addresses.ts';
import { notificationListQuery, notificationListResponse, notificationReadResponse } from './schemas.ts';
import { NOTIFICATIONS } from './texts.ts';

// A member's own notifications only: another member's id is not found (decision 249).

export const notificationContracts = defineRoutes(notificationAddresses, {
  list: {
    summary: "The member's notifications, newest first, with their unread count",
    query: notificationListQuery,
    response: { 200: notificationListResponse },
  },
  read: {
    summary: 'Mark one of the member’s notifications read (again: no change)',
    params: idParams(NOTIFICATIONS.notFound),
    response: { 200: notificationReadResponse },
  },
  readAll: {
    summary: 'Mark every notification of the member read',
    response: { 200: notificationReadResponse },
  },
});
