import type { UnreadSummaryDto } from '@canopy/shared';
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { UNREAD_BANNER, unreadQueryOptions } from '@/features/messaging';
import { renderWithSession } from '@/test/session.tsx';
import { UnreadBanner } from './unread-banner.tsx';

const SUMMARY: UnreadSummaryDto = {
  count: 3,
  conversationCount: 2,
  conversations: [
    {
      _id: 'seller-7',
      participantBusinessName: 'Emerald Ridge Farms',
      productName: 'Blue Dream',
      unreadCount: 2,
    },
    {
      _id: 'seller-9',
      participantBusinessName: 'Sierra Sun Growers',
      productName: 'OG Kush',
      unreadCount: 1,
    },
  ],
};

/** The banner for a signed-in buyer with two unread conversations, on the page at `path`. */
async function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(unreadQueryOptions().queryKey, SUMMARY);
  await renderWithSession(<UnreadBanner />, 'buyer', client, path);
}

describe('the unread banner', () => {
  beforeEach(() => localStorage.clear());

  test('View Messages opens the newest unread conversation, not the bare list', async () => {
    await renderAt('/products');
    expect(screen.getByText(UNREAD_BANNER.summary(3, 2)).textContent).toBe(
      'You have 3 unread message(s) from 2 conversation(s)',
    );
    expect(screen.getByRole('link', { name: UNREAD_BANNER.viewMessages }).getAttribute('href')).toBe(
      '/messages?c=seller-7',
    );
  });

  test('is not shown on the Messages page, which lists the same conversations', async () => {
    await renderAt('/messages');
    expect(screen.queryByRole('region', { name: UNREAD_BANNER.region })).toBeNull();
    expect(screen.queryByText(UNREAD_BANNER.summary(3, 2))).toBeNull();
  });
});
