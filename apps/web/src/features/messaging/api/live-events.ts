import type {
  DEAL_STREAM_EVENTS,
  MessageEventDto,
  NOTIFICATION_STREAM_EVENT,
  NotificationCountDto,
  OfferDto,
  UnreadSummaryDto,
} from '@canopy/shared';
import type { QueryClient } from '@tanstack/react-query';
import { refreshDeals } from '@/features/deals';
import { applyUnreadNotifications } from '@/features/notifications';
import {
  appendThreadMessage,
  replaceThreadOffer,
  syncUnreadCounts,
  upsertConversation,
} from './messaging-cache.ts';
import { getOpenConversation } from './open-conversation.ts';
import { messagingKeys } from './query-keys.ts';
import type { ServerSentEvent } from './sse-parser.ts';

// What each event of the live stream changes in the cache (the stream's events are described in
// packages/shared/src/messaging/schemas.ts).

// The deals events' names, checked against the contract's DEAL_STREAM_EVENTS by type only: that
// constant sits beside the deals schemas, and a value import would pull zod into the first load.
const OFFER_EVENT: (typeof DEAL_STREAM_EVENTS)['offer'] = 'offer';
const ORDER_EVENT: (typeof DEAL_STREAM_EVENTS)['order'] = 'order';
const NOTIFICATION_EVENT: typeof NOTIFICATION_STREAM_EVENT = 'notification';

function applyMessage(client: QueryClient, { message, conversation }: MessageEventDto): void {
  const openId = getOpenConversation();
  const isOpen = conversation._id === openId;
  upsertConversation(client, isOpen ? { ...conversation, unreadCount: 0 } : conversation);
  appendThreadMessage(client, conversation._id, message);
  // A message arriving in the thread on screen is read as it arrives: reading the thread again
  // marks it so on the server, which then sends the lowered unread summary.
  // A deal notice may change offers besides its own (a counter-offer closes the one it answers):
  // the thread is read again, which also brings every card in it up to date.
  if (isOpen && (message.senderId._id === conversation._id || message.dealEvent)) {
    void client.invalidateQueries({ queryKey: messagingKeys.thread(conversation._id) });
  }
}

function applyUnread(client: QueryClient, summary: UnreadSummaryDto): void {
  client.setQueryData(messagingKeys.unread(), summary);
  syncUnreadCounts(client, summary, getOpenConversation());
}

export function applyLiveEvent(client: QueryClient, { event, data }: ServerSentEvent): void {
  if (event === 'message') applyMessage(client, JSON.parse(data) as MessageEventDto);
  else if (event === 'unread') applyUnread(client, JSON.parse(data) as UnreadSummaryDto);
  else if (event === OFFER_EVENT) {
    // The offer's cards in the threads change here; the deals screens read theirs again.
    replaceThreadOffer(client, JSON.parse(data) as OfferDto);
    void refreshDeals(client);
  } else if (event === ORDER_EVENT) void refreshDeals(client);
  else if (event === NOTIFICATION_EVENT) {
    applyUnreadNotifications(client, (JSON.parse(data) as NotificationCountDto).unreadCount);
  }
}
