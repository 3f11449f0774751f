import { API_KEYS, type ApiKeyDto } from '@canopy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { apiKeyKeys, endOfPacificDay } from '../api/api-keys-api.ts';
import { ApiKeysSection } from './api-keys-section.tsx';

// The company page's API keys section (issue 24): the list with last use, a key made with its
// scopes and shown once with a warning and a copy button, and a revocation confirmed first.

const KEY: ApiKeyDto = {
  _id: '0190a2b4-1c2d-7e3f-8a9b-0c1d2e3f4a5b',
  name: 'Distru sync',
  scopes: ['listings:read', 'listings:write'],
  prefix: 'abc123def456',
  createdAt: '2026-06-01T18:00:00Z',
  expiresAt: null,
  lastUsedAt: null,
  createdBy: { userId: 'owner', contactName: 'Olive Owner', email: 'owner@example.com' },
};
const SECRET = `cnp_zzz999yyy888_${'s'.repeat(43)}`;

afterEach(() => vi.unstubAllGlobals());

async function renderSection(keys: ApiKeyDto[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(apiKeyKeys.all, keys);
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <ApiKeysSection />
      </QueryClientProvider>,
    );
  });
}

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('ApiKeysSection', () => {
  test('lists each key with its prefix, scopes, expiry, last use and maker', async () => {
    await renderSection([KEY]);
    expect(screen.getByRole('heading', { name: API_KEYS.sectionTitle })).toBeTruthy();
    expect(screen.getByText('Distru sync')).toBeTruthy();
    expect(screen.getByText('cnp_abc123def456_…')).toBeTruthy();
    expect(screen.getByText('listings:write')).toBeTruthy();
    expect(screen.getByText(API_KEYS.noExpiry)).toBeTruthy();
    expect(screen.getByText(API_KEYS.never)).toBeTruthy();
    expect(screen.getByText('Olive Owner')).toBeTruthy();
  });

  test('makes a key with the chosen scopes and shows its secret once, with the warning', async () => {
    await renderSection([]);
    expect(screen.getByText(API_KEYS.empty)).toBeTruthy();
    const sent: { url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      if (init.method === 'POST') {
        sent.push({ url, body: JSON.parse(String(init.body)) });
        return answer(
          {
            success: true,
            message: API_KEYS.created,
            data: {
              _id: KEY._id,
              name: 'ERP',
              scopes: ['orders:read'],
              prefix: 'zzz999yyy888',
              secret: SECRET,
            },
          },
          201,
        );
      }
      return answer({ success: true, data: [] });
    });
    fireEvent.click(screen.getByRole('button', { name: API_KEYS.create }));
    const dialog = screen.getByRole('dialog');
    // Nothing is sent without a scope: the dialog says so in the API's words.
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: 'ERP' } });
    fireEvent.click(within(dialog).getByRole('button', { name: API_KEYS.create }));
    await within(dialog).findByText(API_KEYS.scopesRequired);
    expect(sent).toEqual([]);

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'orders:read' }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: API_KEYS.create }));
    });
    expect(sent).toEqual([
      { url: '/api/api-keys', body: { name: 'ERP', scopes: ['orders:read'], expiresAt: null } },
    ]);
    const shown = await screen.findByTestId('api-key-secret');
    expect(shown.textContent).toBe(SECRET);
    expect(screen.getByText(API_KEYS.secretWarning)).toBeTruthy();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: API_KEYS.copy }));
    });
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(screen.getByRole('button', { name: API_KEYS.copied })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: API_KEYS.done }));
    expect(screen.queryByTestId('api-key-secret')).toBeNull();
  });

  test('revokes a key only after the confirmation', async () => {
    await renderSection([KEY]);
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      return init.method === 'DELETE'
        ? answer({ success: true, message: API_KEYS.revoked })
        : answer({ success: true, data: [] });
    });
    fireEvent.click(screen.getByRole('button', { name: API_KEYS.revoke }));
    const dialog = screen.getByRole('dialog', { name: API_KEYS.revokeTitle });
    expect(within(dialog).getByText(API_KEYS.revokeBody('Distru sync'))).toBeTruthy();
    expect(calls).toEqual([]);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: API_KEYS.revoke }));
    });
    expect(calls[0]).toBe(`DELETE /api/api-keys/${KEY._id}`);
  });

  test('an expiry date is the end of that day in California', () => {
    expect(endOfPacificDay('2026-07-04')).toBe('2026-07-05T06:59:59.000Z');
    expect(endOfPacificDay('2026-12-24')).toBe('2026-12-25T07:59:59.000Z');
  });
});
