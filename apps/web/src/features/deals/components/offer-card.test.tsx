import { type CompanyRole, type OfferDto, ROLE_PERMISSIONS } from '@canopy/shared';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithSession } from '@/test/session.tsx';
import { OfferCard } from './offer-card.tsx';

// Decision 204: an offer above its maker's order limit waits for an owner or manager of the buying
// company, who approves it (the seller then sees it) or declines it (the seller never does).

const awaiting = {
  _id: 'of1',
  listingId: null,
  buyerId: 'me',
  sellerId: 'seller-co',
  quantityLbs: 100,
  pricePerLb: 250,
  total: 25000,
  deliverBy: null,
  note: null,
  status: 'awaiting_approval',
  madeBy: 'buyer',
  previousOfferId: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
  listingTitle: 'Blue Dream, 100 lb',
  declineReason: null,
  respondedAt: null,
  orderId: null,
  byMember: { userId: 'purchaser', contactName: 'Pat Purchasing' },
  lines: [
    { listingId: null, listingTitle: 'Blue Dream, 100 lb', quantityLbs: 100, pricePerLb: 250, total: 25000 },
  ],
} as unknown as OfferDto;

const memberOf = (role: CompanyRole) => ({ userId: 'me', role, permissions: [...ROLE_PERMISSIONS[role]] });

async function renderCard(offer: OfferDto, role: CompanyRole) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  await renderWithSession(<OfferCard offer={offer} userId="me" />, 'buyer', client, '/', memberOf(role));
}

afterEach(() => vi.unstubAllGlobals());

describe('an offer awaiting approval', () => {
  test('a manager approves it: the offer’s approve route is called', async () => {
    await renderCard(awaiting, 'manager');
    const send = vi.fn((_address: RequestInfo | URL, _init?: RequestInit) =>
      Promise.reject(new TypeError('offline')),
    );
    vi.stubGlobal('fetch', send);
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));

    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(String(send.mock.calls[0]?.[0])).toContain('/offers/of1/approve');
    expect(send.mock.calls[0]?.[1]?.method).toBe('POST');
  });

  test('a manager declines it: the decline-approval route is called', async () => {
    await renderCard(awaiting, 'owner');
    const send = vi.fn((_address: RequestInfo | URL, _init?: RequestInit) =>
      Promise.reject(new TypeError('offline')),
    );
    vi.stubGlobal('fetch', send);
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));

    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(String(send.mock.calls[0]?.[0])).toContain('/offers/of1/decline-approval');
    expect(send.mock.calls[0]?.[1]?.method).toBe('POST');
  });

  test('a member whose role may not approve sees the offer waiting, with no buttons', async () => {
    await renderCard(awaiting, 'purchasing');
    expect(screen.getByText(/seller sees it once approved/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
  });

  test('an open offer shows no approval buttons, even to a manager', async () => {
    await renderCard({ ...awaiting, status: 'open' } as OfferDto, 'manager');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});

// Issue 25 item 0: an offer of several lots shows each line and their sum, not line 1's fields.
describe('an offer of several lots', () => {
  const several = {
    ...awaiting,
    status: 'open',
    madeBy: 'seller',
    lines: [
      { listingId: 'lot-a', listingTitle: 'Lot A', quantityLbs: 12, pricePerLb: 900, total: 10800 },
      { listingId: 'lot-b', listingTitle: 'Lot B', quantityLbs: 2, pricePerLb: 1100, total: 2200 },
      { listingId: 'lot-c', listingTitle: 'Lot C', quantityLbs: 5, pricePerLb: 780, total: 3900 },
    ],
  } as OfferDto;

  test('lists every line and the total of them', async () => {
    await renderCard(several, 'purchasing');
    expect(screen.getByText('3 lots')).toBeTruthy();
    for (const title of ['Lot A', 'Lot B', 'Lot C']) expect(screen.getByText(title)).toBeTruthy();
    expect(screen.getByText('12 lbs at $900.00/lb')).toBeTruthy();
    expect(screen.getByText('Total of 3 lots')).toBeTruthy();
    expect(screen.getByText('$16,900.00')).toBeTruthy();
  });

  test('its counter edits each line and may remove one, but never the last', async () => {
    await renderCard(several, 'purchasing');
    fireEvent.click(screen.getByRole('button', { name: 'Counter' }));
    expect((screen.getByLabelText('Pounds of Lot B') as HTMLInputElement).value).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Lot A' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Lot B' }));
    expect(screen.queryByLabelText('Pounds of Lot A')).toBeNull();
    expect((screen.getByRole('button', { name: 'Remove Lot C' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
