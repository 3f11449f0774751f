import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { unreadQueryOptions } from '@/features/messaging';
import { renderWithSession } from '@/test/session.tsx';
import { resizeWindow } from '@/test/viewport.ts';
import { NavBar } from './nav-bar.tsx';

async function renderFor(role: 'seller' | null, width: number) {
  resizeWindow(width);
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(unreadQueryOptions().queryKey, { count: 0, conversationCount: 0, conversations: [] });
  client.setQueryData(['notifications', 'unread'], 3);
  await renderWithSession(<NavBar />, role, client);
  return screen.getByRole('navigation', { name: 'Main' });
}

const linkNames = (scope: HTMLElement) =>
  within(scope)
    .queryAllByRole('link')
    .map((link) => link.getAttribute('aria-label') ?? link.textContent);

describe('the navigation bar on a phone', () => {
  test('keeps one row: the logo, messages and a Menu button that opens the rest', async () => {
    const nav = await renderFor('seller', 390);
    expect(linkNames(nav)).toEqual(['Canopy', 'Messages']);
    within(nav).getByRole('button', { name: 'Notifications, 3 unread' });
    const menu = within(nav).getByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');

    await userEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(menu.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(linkNames(panel)).toEqual(['Browse Products', 'Orders', 'Wanted']);
    within(panel).getByText('License Verified');
    within(panel).getByRole('button', { name: 'seller@example.com' });
  });

  test('offers a visitor Get Started beside the menu, and Sign in inside it', async () => {
    const nav = await renderFor(null, 390);
    expect(linkNames(nav)).toEqual(['Canopy', 'Get Started']);
    await userEvent.click(within(nav).getByRole('button', { name: 'Menu' }));
    expect(linkNames(nav)).toEqual(['Canopy', 'Get Started', 'Browse Products', 'Sign in']);
  });
});

describe('the navigation bar on a desktop', () => {
  test('shows every item in the bar, with no menu button', async () => {
    const nav = await renderFor('seller', 1280);
    expect(within(nav).queryByRole('button', { name: 'Menu' })).toBeNull();
    expect(linkNames(nav)).toEqual(['Canopy', 'Browse Products', 'Orders', 'Wanted', 'Messages']);
    within(nav).getByRole('button', { name: 'Notifications, 3 unread' });
    within(nav).getByText('License Verified');
  });
});
