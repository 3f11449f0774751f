import type { Role } from '@canopy/shared';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithSession } from '@/test/session.tsx';
import { HERO_ACTIONS } from '../texts.ts';
import { HeroActions } from './hero-actions.tsx';

/** The hero's actions as `role` sees them; null is a visitor with no session. */
async function renderFor(role: Role | null) {
  await renderWithSession(<HeroActions />, role);
  return screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')] as const);
}

describe('the home hero’s actions', () => {
  test('a visitor signs up as a buyer or as a seller (SPEC §1: buyer and seller sign-up buttons)', async () => {
    expect(await renderFor(null)).toEqual([
      ['Sign up as a buyer', '/register?type=buyer'],
      ['Sign up as a seller', '/register?type=seller'],
    ]);
  });

  test('a buyer browses products or reads their messages', async () => {
    expect(await renderFor('buyer')).toEqual([
      [HERO_ACTIONS.browseProducts, '/products'],
      [HERO_ACTIONS.messages, '/messages'],
    ]);
  });

  test('a seller creates a listing or manages their listings', async () => {
    expect(await renderFor('seller')).toEqual([
      [HERO_ACTIONS.createListing, '/seller/listings/new'],
      [HERO_ACTIONS.myListings, '/seller'],
    ]);
  });

  test('an administrator goes to the admin dashboard', async () => {
    expect(await renderFor('admin')).toEqual([[HERO_ACTIONS.adminDashboard, '/admin']]);
  });
});
