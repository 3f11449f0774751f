import { ROLE_PERMISSIONS, type UserDto } from '@canopy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, test } from 'vitest';
import { AuthProvider, type Session, useAuth } from '@/lib/auth/session-context.tsx';
import { describedText } from '@/test/accessible.ts';
import { SaveSearchButton } from './save-search-button.tsx';

const user = (status: UserDto['status']) =>
  ({ _id: 'me', email: 'buyer@example.com', role: 'buyer', status }) as UserDto;

/** The button on a catalog address, under the real session provider (no server here). */
function renderOn(address: string) {
  const session: { current: Session | null } = { current: null };
  function Probe() {
    session.current = useAuth();
    return null;
  }
  render(
    <MemoryRouter initialEntries={[address]}>
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider>
          <Probe />
          <SaveSearchButton />
        </AuthProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return (who: UserDto) => act(() => session.current?.startSession('token', who));
}

describe('SaveSearchButton', () => {
  test('is offered to verified accounts only', () => {
    const signIn = renderOn('/products?query=gelato');
    expect(screen.queryByRole('button', { name: 'Save search' })).toBeNull();
    signIn(user('pending'));
    expect(screen.queryByRole('button', { name: 'Save search' })).toBeNull();
    signIn(user('verified'));
    const button = screen.getByRole('button', { name: 'Save search' });
    expect(button.textContent).toBe('Save search');
    expect(button.hasAttribute('disabled')).toBe(false);
  });

  test('is absent for a member whose role keeps no saved searches (issue 28)', () => {
    const signIn = renderOn('/products');
    const member = (role: 'viewer' | 'purchasing') =>
      ({
        ...user('verified'),
        member: { userId: 'me', role, permissions: [...ROLE_PERMISSIONS[role]] },
      }) as UserDto;
    signIn(member('viewer'));
    expect(screen.queryByRole('button', { name: 'Save search' })).toBeNull();
    signIn(member('purchasing'));
    expect(screen.getByRole('button', { name: 'Save search' })).toBeTruthy();
  });

  test('names the search after its words and shows the filters it keeps, without the page', async () => {
    const signIn = renderOn('/products?query=gelato&category=flower&page=3&tested=true');
    signIn(user('verified'));
    fireEvent.click(screen.getByRole('button', { name: 'Save search' }));
    expect(((await screen.findByRole('textbox', { name: 'Name' })) as HTMLInputElement).value).toBe('gelato');
    // Under "Filters" in the dialog: the words, the category and the lab filter, not the page.
    const filters = within(screen.getByRole('dialog')).getByText('Filters').nextElementSibling;
    expect(filters?.textContent).toBe('“gelato” · Flower · Lab tested');
  });

  test('says a name is required before sending anything', async () => {
    const signIn = renderOn('/products');
    signIn(user('verified'));
    fireEvent.click(screen.getByRole('button', { name: 'Save search' }));
    const name = (await screen.findByRole('textbox', { name: 'Name' })) as HTMLInputElement;
    expect(name.value).toBe('All products');
    fireEvent.change(name, { target: { value: '   ' } });
    const form = name.closest('form');
    if (!form) throw new Error('no form');
    fireEvent.submit(form);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(name)).toContain('Name is required');
  });
});
