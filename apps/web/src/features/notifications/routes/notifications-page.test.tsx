import { NOTIFICATIONS, NOTIFICATIONS_PAGE_SIZE, type NotificationListResponse } from '@canopy/shared';
import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { renderWithSession } from '@/test/session.tsx';
import { notificationKeys } from '../api/notifications-api.ts';
import { NotificationsPage } from './notifications-page.tsx';

const notice = (id: string, read: boolean) => ({
  _id: id,
  kind: 'order' as const,
  title: `Order ORD-${id} fulfilled`,
  summary: `Seller marked order ORD-${id} fulfilled.`,
  link: `/orders/${id}`,
  read,
  createdAt: '2026-11-28T12:00:00.000Z',
});

const page = (data: NotificationListResponse['data'], pageNumber: number, total: number, unread: number) => ({
  success: true as const,
  data,
  pagination: {
    page: pageNumber,
    limit: NOTIFICATIONS_PAGE_SIZE,
    total,
    pages: Math.ceil(total / NOTIFICATIONS_PAGE_SIZE),
  },
  unreadCount: unread,
});

async function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(notificationKeys.unread(), 1);
  client.setQueryData(
    notificationKeys.list(1, false, NOTIFICATIONS_PAGE_SIZE),
    page([notice('1', false), notice('2', true)], 1, 22, 1),
  );
  client.setQueryData(
    notificationKeys.list(2, false, NOTIFICATIONS_PAGE_SIZE),
    page([notice('3', true)], 2, 22, 1),
  );
  client.setQueryData(notificationKeys.list(1, true, NOTIFICATIONS_PAGE_SIZE), page([], 1, 0, 0));
  await renderWithSession(<NotificationsPage />, 'seller', client, '/notifications');
}

describe('the notifications page', () => {
  test('lists the notices with their summary, unread ones said so, and pages through them', async () => {
    await renderPage();
    screen.getByRole('heading', { level: 1, name: NOTIFICATIONS.title });
    screen.getByText('1 unread notification');
    screen.getByRole('button', { name: NOTIFICATIONS.markAllRead });
    const list = screen.getAllByRole('list')[0] as HTMLElement;
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Unread: Order ORD-1 fulfilled', 'Order ORD-2 fulfilled']);
    screen.getByText('Seller marked order ORD-1 fulfilled.');

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('link', { name: 'Order ORD-3 fulfilled' });
  });

  test('the Unread filter is a pressed toggle, and says when nothing is unread', async () => {
    await renderPage();
    const all = screen.getByRole('button', { name: NOTIFICATIONS.showAll });
    const unread = screen.getByRole('button', { name: NOTIFICATIONS.showUnread });
    expect(all.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(unread);
    expect(unread.getAttribute('aria-pressed')).toBe('true');
    await screen.findByText(NOTIFICATIONS.emptyUnread);
  });
});
