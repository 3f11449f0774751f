import type { MessageEventDto, UnreadSummaryDto } from '@canopy/shared';
import type { QueryClient } from '@tanstack/react-query';
import { appendThreadMessage, syncUnreadCounts, upsertConversation } from './messaging-cache.ts';
import { getOpenConversation } from './open-conversation.ts';
import { messagingKeys } from './query-keys.ts';
import type { ServerSentEvent } from './sse-parser.ts';

// What each event of the live stream changes in the cache (the stream's events are described in
// packages/shared/src/messaging/schemas.ts).

function applyMessage(client: QueryClient, { message, conversation }: MessageEventDto): void {
  const openId = getOpenConversation();
  const isOpen = conversation._id === openId;
  upsertConversation(client, isOpen ? { ...conversation, unreadCount: 0 } : conversation);
  appendThreadMessage(client, conversation._id, message);
  // A message arriving in the thread on screen is read as it arrives: reading the thread again
  // marks it so on the server, which then sends the lowered unread summary.
  if (isOpen && message.senderId._id === conversation._id) {
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
}
