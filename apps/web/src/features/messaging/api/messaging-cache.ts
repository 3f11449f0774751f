import type { ConversationDto, OfferDto, ThreadMessageDto, UnreadSummaryDto } from '@canopy/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { type ConversationTab, messagingKeys, type Page } from './query-keys.ts';

// Local edits of the cached conversation lists, threads and unread summary, so a sent message, a
// live event or an opened thread shows at once instead of after a reload. Each edit only touches
// data already in the cache; anything not loaded yet is fetched fresh when a screen needs it.

type Paged<T> = InfiniteData<Page<T>, string | undefined>;

/**
 * Patches cached data without passing the patch off as a fetch: setQueryData would otherwise
 * stamp the data as new and clear an invalidation, and a list invalidated after a restore would
 * then be shown from the cache without the restored conversation.
 */
function patch<T>(client: QueryClient, queryKey: readonly unknown[], edit: (data: T) => T): void {
  const query = client.getQueryCache().find<T>({ queryKey, exact: true });
  const data = query?.state.data;
  if (!query || data === undefined) return;
  const next = edit(data);
  if (next === data) return;
  const { dataUpdatedAt, isInvalidated } = query.state;
  client.setQueryData<T>(queryKey, next, { updatedAt: dataUpdatedAt });
  if (isInvalidated) void client.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
}

const sameRows = <T>(a: T[], b: T[]) => a.length === b.length && a.every((row, index) => row === b[index]);

/** The edited pages, or the very same object when the edit changed no row. */
function editPages<T>(paged: Paged<T>, edit: (rows: T[], index: number) => T[]): Paged<T> {
  let changed = false;
  const pages = paged.pages.map((page, index) => {
    const data = edit(page.data, index);
    if (sameRows(data, page.data)) return page;
    changed = true;
    return { ...page, data };
  });
  return changed ? { ...paged, pages } : paged;
}

const newestFirst = (a: ConversationDto, b: ConversationDto) =>
  Date.parse(b.lastMessageDate) - Date.parse(a.lastMessageDate);

function editConversations(
  client: QueryClient,
  tab: ConversationTab,
  edit: (rows: ConversationDto[], index: number) => ConversationDto[],
): void {
  patch<Paged<ConversationDto>>(client, messagingKeys.conversations(tab), (cached) =>
    editPages(cached, edit),
  );
}

/**
 * A conversation with a new message: first in the Active list, gone from Archived (a new message
 * brings a conversation back from the archive on both sides).
 */
export function upsertConversation(client: QueryClient, conversation: ConversationDto): void {
  removeConversation(client, 'archived', conversation._id);
  editConversations(client, 'active', (rows, index) => {
    const others = rows.filter((row) => row._id !== conversation._id);
    return index === 0 ? [conversation, ...others].sort(newestFirst) : others;
  });
}

export function removeConversation(client: QueryClient, tab: ConversationTab, participantId: string): void {
  editConversations(client, tab, (rows) => rows.filter((row) => row._id !== participantId));
}

/** Adds a message to its thread if the thread is cached; a message already there is left alone. */
export function appendThreadMessage(
  client: QueryClient,
  participantId: string,
  message: ThreadMessageDto,
): void {
  patch<Paged<ThreadMessageDto>>(client, messagingKeys.thread(participantId), (cached) => {
    if (cached.pages.some((page) => page.data.some((row) => row._id === message._id))) return cached;
    // The first page holds the newest messages, oldest first.
    return editPages(cached, (rows, index) => (index === 0 ? [...rows, message] : rows));
  });
}

/**
 * An offer changed (answered, countered, withdrawn, expired): every cached deal notice about it
 * shows it as it is now, in whichever thread it is.
 */
export function replaceThreadOffer(client: QueryClient, offer: OfferDto): void {
  const threads = client.getQueryCache().findAll({ queryKey: [...messagingKeys.all, 'thread'] });
  for (const { queryKey } of threads) {
    patch<Paged<ThreadMessageDto>>(client, queryKey, (cached) =>
      editPages(cached, (rows) =>
        rows.map((row) => (row.offer?._id === offer._id ? { ...row, offer } : row)),
      ),
    );
  }
}

/** SPEC §4: a conversation read leaves the unread summary, which drops by its unreadCount. */
export function markConversationRead(client: QueryClient, participantId: string): void {
  patch<UnreadSummaryDto>(client, messagingKeys.unread(), (summary) => {
    const read = summary.conversations.find((row) => row._id === participantId);
    if (!read) return summary;
    return {
      count: Math.max(summary.count - read.unreadCount, 0),
      conversationCount: Math.max(summary.conversationCount - 1, 0),
      conversations: summary.conversations.filter((row) => row._id !== participantId),
    };
  });
  for (const tab of ['active', 'archived'] as const) {
    editConversations(client, tab, (rows) =>
      rows.map((row) =>
        row._id === participantId && row.unreadCount > 0 ? { ...row, unreadCount: 0 } : row,
      ),
    );
  }
}

/**
 * Brings the Active list's unread badges in line with a fresh summary (read in another tab, say).
 * Only a complete summary can say a conversation has nothing unread; the open one never has.
 */
export function syncUnreadCounts(
  client: QueryClient,
  summary: UnreadSummaryDto,
  openId: string | null,
): void {
  if (summary.conversations.length < summary.conversationCount) return;
  const counts = new Map(summary.conversations.map((row) => [row._id, row.unreadCount]));
  editConversations(client, 'active', (rows) =>
    rows.map((row) => {
      const unreadCount = row._id === openId ? 0 : (counts.get(row._id) ?? 0);
      return row.unreadCount === unreadCount ? row : { ...row, unreadCount };
    }),
  );
}
