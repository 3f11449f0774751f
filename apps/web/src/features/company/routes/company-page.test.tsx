import { type CompanyDto, type CompanyRole, ROLE_PERMISSIONS, type UserDto } from '@canopy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { apiKeyKeys } from '@/features/api-keys';
import { webhookKeys } from '@/features/webhooks';
import { AuthProvider, type Session, useAuth } from '@/lib/auth/session-context.tsx';
import { companyKeys } from '../api/company-api.ts';
import { CompanyPage } from './company-page.tsx';

const company = (me: CompanyRole): CompanyDto => ({
  company: {
    _id: 'company',
    name: 'Green Valley Farms',
    licenses: [
      {
        _id: 'company',
        licenseNumber: 'CCL18-0000001',
        licenseType: 'Adult-Use Cultivation',
        address: { street: '1 Farm Rd', city: 'Arcata', county: 'Humboldt', state: 'CA', zipCode: '95521' },
        status: 'verified',
        main: true,
      },
    ],
    requireTwoFactor: false,
  },
  members: [
    {
      userId: 'owner',
      email: 'owner@example.com',
      contactName: 'Olive Owner',
      role: 'owner',
      twoFactor: true,
      addedAt: '2026-01-01T00:00:00Z',
      orderLimit: null,
    },
    {
      userId: 'sales',
      email: 'sales@example.com',
      contactName: 'Sam Sales',
      role: 'sales',
      twoFactor: false,
      addedAt: '2026-02-01T00:00:00Z',
      orderLimit: null,
    },
  ],
  invitations:
    me === 'owner'
      ? [
          {
            _id: 'inv',
            email: 'new@example.com',
            role: 'finance',
            expiresAt: '2099-01-01T00:00:00Z',
            createdAt: '2026-03-01T00:00:00Z',
            invitedBy: 'owner',
          },
        ]
      : [],
  me: { userId: me === 'owner' ? 'owner' : 'sales', role: me, permissions: [...ROLE_PERMISSIONS[me]] },
});

afterEach(() => vi.unstubAllGlobals());

async function renderAs(role: CompanyRole) {
  const data = company(role);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(companyKeys.all, data);
  client.setQueryData(companyKeys.activity, []);
  client.setQueryData(apiKeyKeys.all, []);
  client.setQueryData(webhookKeys.all, []);
  const session: { current: Session | null } = { current: null };
  function Probe() {
    session.current = useAuth();
    return null;
  }
  await act(async () => {
    render(
      <MemoryRouter>
        <QueryClientProvider client={client}>
          <AuthProvider>
            <Probe />
            <CompanyPage />
          </AuthProvider>
        </QueryClientProvider>
      </MemoryRouter>,
    );
  });
  const user = {
    _id: 'company',
    email: `${role}@example.com`,
    role: 'seller',
    status: 'verified',
    member: { userId: data.me.userId, role, permissions: data.me.permissions },
  } as UserDto;
  await act(async () => session.current?.startSession('token', user));
}

describe('CompanyPage', () => {
  test('an owner manages: invites, changes roles, removes, hands over, revokes and sets security', async () => {
    await renderAs('owner');
    expect(screen.getByRole('heading', { name: 'Green Valley Farms' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invite a member' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Role of Sam Sales' })).toBeTruthy();
    // Nobody changes their own row here: the owner's own role is shown, not offered.
    expect(screen.queryByRole('combobox', { name: 'Role of Olive Owner' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Sam Sales' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Make Sam Sales the owner' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Revoke the invitation to new@example.com' })).toBeTruthy();
    expect(
      screen.getByRole('checkbox', { name: 'Require two-factor sign-in for every member' }),
    ).toBeTruthy();
    expect(screen.getByText('CCL18-0000001')).toBeTruthy();
    // Decision 209: a member who manages the company adds a license from its licenses section.
    const licenses = screen.getByRole('heading', { name: 'Licenses' }).parentElement as HTMLElement;
    expect(within(licenses).getByRole('button', { name: 'Add license' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Invite a member' }));
    const dialog = screen.getByRole('dialog');
    const roles = within(dialog).getByRole('combobox', { name: 'Role' }) as HTMLSelectElement;
    // An invitation never makes an owner.
    expect([...roles.options].map((option) => option.value)).toEqual([
      'manager',
      'sales',
      'purchasing',
      'finance',
      'viewer',
    ]);
  });

  test('a sales member sees the team and the licenses, with no action their role lacks', async () => {
    await renderAs('sales');
    expect(screen.getByText('Sam Sales')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite a member' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove|Make .* owner|Revoke/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Pending invitations' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Security' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Activity' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'API keys' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Licenses' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add license' })).toBeNull();
  });
});
