import {
  type CompanyRole,
  type ListingDto,
  ROLE_PERMISSIONS,
  type WantedListResponse,
  type WantedPostDto,
  wantedListQuerySchema,
} from '@canopy/shared';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { myListingsQueryOptions } from '@/features/listings';
import { renderWithSession } from '@/test/session.tsx';
import { wantedListQueryOptions } from '../api/wanted-api.ts';
import { WantedPage } from './wanted-page.tsx';

// The Wanted page for each side, from cached answers (no server here): a seller's board with the
// answer dialog, a buyer's own posts with their answers; actions a role lacks are absent.

const post = (extra: Partial<WantedPostDto> = {}): WantedPostDto => ({
  _id: 'post-1',
  buyer: { _id: 'shop', businessName: 'Green Door Retail' },
  category: 'flower',
  query: 'Blue Dream smalls',
  quantityLbs: 8,
  minPrice: null,
  maxPrice: 650,
  neededBy: '2099-01-31',
  county: 'Humboldt',
  status: 'open',
  createdAt: '2026-11-01T10:00:00Z',
  expiresAt: '2099-02-01T08:00:00Z',
  answers: null,
  answeredByMe: false,
  ...extra,
});

const page = (rows: WantedPostDto[]): WantedListResponse => ({
  success: true,
  data: rows,
  pagination: { page: 1, limit: 20, total: rows.length, pages: 1 },
});

const lot = (extra: Partial<ListingDto>) =>
  ({
    _id: 'lot-1',
    title: 'Blue Dream indoor',
    quantity_lbs: 5,
    asking_price: 600,
    is_active: true,
    is_draft: false,
    ...extra,
  }) as ListingDto;

async function renderAs(side: 'seller' | 'buyer', role: CompanyRole, rows: WantedPostDto[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const query = side === 'seller' ? wantedListQuerySchema.parse({}) : { page: 1 };
  client.setQueryData(wantedListQueryOptions(query).queryKey, page(rows));
  client.setQueryData(myListingsQueryOptions().queryKey, [
    lot({}),
    lot({ _id: 'lot-2', title: 'Archived lot', is_active: false }),
    lot({ _id: 'lot-3', title: 'Sold out lot', quantity_lbs: 0 }),
  ]);
  await renderWithSession(<WantedPage />, side, client, '/wanted', {
    userId: 'me',
    role,
    permissions: [...ROLE_PERMISSIONS[role]],
  });
}

describe('the Wanted board (sellers)', () => {
  test('lists what buyers want, and answers with one of my live lots at its price and what it holds', async () => {
    await renderAs('seller', 'sales', [post()]);
    const row = screen.getByRole('row', { name: /Blue Dream smalls/ });
    expect(within(row).getByText('up to $650.00')).toBeTruthy();
    expect(within(row).getByText('Green Door Retail')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Answer with a lot for "Blue Dream smalls"' }));

    const dialog = screen.getByRole('dialog', { name: 'Answer with a lot' });
    const lots = within(dialog).getByRole('combobox', { name: 'Your lot' });
    // Only lots live in the catalog can answer.
    expect(
      within(lots)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose one of your lots', 'Blue Dream indoor (5 lbs available)']);
    fireEvent.change(lots, { target: { value: 'lot-1' } });
    expect((within(dialog).getByRole('textbox', { name: 'Price per lb' }) as HTMLInputElement).value).toBe(
      '600.00',
    );
    // The buyer wants 8 lbs; the lot holds 5.
    expect((within(dialog).getByRole('textbox', { name: 'Quantity (lbs)' }) as HTMLInputElement).value).toBe(
      '5',
    );
  });

  test('offers no answer to a member who may not make offers, and says when my company answered', async () => {
    await renderAs('seller', 'viewer', [post(), post({ _id: 'post-2', query: 'Runtz', answeredByMe: true })]);
    expect(screen.queryByRole('button', { name: /Answer with a lot/ })).toBeNull();
    expect(within(screen.getByRole('row', { name: /Runtz/ })).getByText('You answered')).toBeTruthy();
  });

  test('says so when nothing matches', async () => {
    await renderAs('seller', 'sales', []);
    expect(screen.getByText('No wanted posts match')).toBeTruthy();
  });
});

describe('My wanted posts (buyers)', () => {
  const answered = post({
    answers: [
      {
        _id: 'answer-1',
        seller: { _id: 'farm', businessName: 'Emerald Ridge Farms' },
        listingId: 'lot-1',
        listingTitle: 'Blue Dream indoor',
        offerId: 'offer-1',
        quantityLbs: 5,
        pricePerLb: 600,
        offerStatus: 'open',
        createdAt: '2026-11-02T10:00:00Z',
      },
    ],
  });

  test('shows each answer with its offer and a way to the conversation, and lets a buyer close the post', async () => {
    await renderAs('buyer', 'purchasing', [
      answered,
      post({ _id: 'post-2', query: 'Old ask', status: 'expired', answers: [] }),
    ]);
    const [first, second] = screen.getAllByRole('article');
    expect(
      within(first as HTMLElement).getByText(
        'Emerald Ridge Farms offers "Blue Dream indoor": 5 lbs at $600.00/lb',
      ),
    ).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Offer open')).toBeTruthy();
    expect(
      within(first as HTMLElement)
        .getByRole('link', { name: 'Open conversation' })
        .getAttribute('href'),
    ).toBe('/messages?c=farm');
    expect(
      within(first as HTMLElement).getByRole('button', { name: 'Close post "Blue Dream smalls"' }),
    ).toBeTruthy();
    expect(within(second as HTMLElement).getByText('Expired')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('No answers yet.')).toBeTruthy();
    expect(within(second as HTMLElement).queryByRole('button', { name: /Close post/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Post a wanted request' })).toBeTruthy();
  });

  test('leaves posting and closing out for a member who may not buy', async () => {
    await renderAs('buyer', 'finance', [answered]);
    expect(screen.queryByRole('button', { name: /Close post/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Post a wanted request' })).toBeNull();
  });
});
