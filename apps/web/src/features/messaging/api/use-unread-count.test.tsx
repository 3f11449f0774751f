import type { UnreadSummaryDto, UserDto } from '@canopy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { AuthProvider, useAuth } from '@/lib/auth/session-context.tsx';
import { setOpenConversation } from './open-conversation.ts';
import { messagingKeys } from './query-keys.ts';
import { useUnreadCount } from './use-unread-count.ts';

const SUMMARY: UnreadSummaryDto = {
  count: 5,
  conversationCount: 4,
  conversations: [
    { _id: 'a', participantBusinessName: 'Green Acres', productName: 'OG Kush', unreadCount: 3 },
    { _id: 'b', participantBusinessName: 'Hill Farms', productName: 'Blue Dream', unreadCount: 1 },
  ],
};

const BUYER = { _id: 'me', email: 'buyer@example.com', role: 'buyer', status: 'verified' } as UserDto;

/** The hook under the real session provider, with the summary already cached (no server here). */
function renderUnread() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(messagingKeys.unread(), SUMMARY);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </MemoryRouter>
  );
  return renderHook(() => ({ unread: useUnreadCount(), session: useAuth() }), { wrapper });
}

afterEach(() => setOpenConversation(null));

describe('useUnreadCount', () => {
  test('signed out, nothing is unread, whatever is cached', () => {
    const { result } = renderUnread();
    expect(result.current.unread).toEqual({
      unreadCount: 0,
      conversationCount: 0,
      conversations: [],
      error: null,
    });
  });

  test("signed in, it is the server's summary", () => {
    const { result } = renderUnread();
    act(() => result.current.session.startSession('token', BUYER));
    expect(result.current.unread).toEqual({
      unreadCount: 5,
      conversationCount: 4,
      conversations: SUMMARY.conversations,
      error: null,
    });
  });

  test('the conversation on screen is being read, so it is left out of the count and the list', () => {
    const { result } = renderUnread();
    act(() => result.current.session.startSession('token', BUYER));
    act(() => setOpenConversation('a'));
    expect(result.current.unread).toEqual({
      unreadCount: 2,
      conversationCount: 3,
      conversations: [SUMMARY.conversations[1]],
      error: null,
    });

    act(() => setOpenConversation(null));
    expect(result.current.unread.unreadCount).toBe(5);
  });
});
