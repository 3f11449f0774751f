import type { NotificationListResponse } from '@canopy/shared';
import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { renderWithSession } from '@/test/session.tsx';
import { notificationKeys } from '../api/notifications-api.ts';
import { NotificationBell } from './notification-bell.tsx';

const answer: NotificationListResponse = {
  success: true,
  data: [
    {
      _id: 'n1',
      kind: 'offer',
      title: 'New offer on Blue Dream',
      summary: 'Offer on "Blue Dream": 10 lbs at $1,200.00 / lb.',
      link: '/messages',
      read: false,
      createdAt: '2026-11-28T12:00:00.000Z',
    },
    {
      _id: 'n2',
      kind: 'order',
      title: 'Order ORD-1 fulfilled',
      summary: '',
      link: '/orders/o1',
      read: true,
      createdAt: '2026-11-27T12:00:00.000Z',
    },
  ],
  pagination: { page: 1, limit: 6, total: 2, pages: 1 },
  unreadCount: 1,
};

async function renderBell(unread: number) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(notificationKeys.unread(), unread);
  client.setQueryData(notificationKeys.list(1, false, 6), answer);
  await renderWithSession(<NotificationBell />, 'buyer', client);
  return client;
}

describe('the notification bell', () => {
  test('says its unread count in its name', async () => {
    await renderBell(3);
    screen.getByRole('button', { name: 'Notifications, 3 unread' });
  });

  test('opens the latest notices, each linking to its page, unread ones said so; Escape closes it', async () => {
    await renderBell(1);
    const bell = screen.getByRole('button', { name: 'Notifications, 1 unread' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(bell);
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    within(panel).getByRole('heading', { name: '1 unread notification' });
    const links = within(panel).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Unread: New offer on Blue Dream', '/messages'],
      ['Order ORD-1 fulfilled', '/orders/o1'],
      ['See all notifications', '/notifications'],
    ]);
    within(panel).getByRole('button', { name: 'Mark all read' });

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(document.activeElement).toBe(bell);
  });

  test('with nothing unread offers no "Mark all read"', async () => {
    await renderBell(0);
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    within(panel).getByRole('heading', { name: 'All read' });
    expect(within(panel).queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });
});
