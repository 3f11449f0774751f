import type { Role, UserDto } from '@canopy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AuthProvider, type Session, useAuth } from '@/lib/auth/session-context.tsx';

/**
 * Renders `ui` under the router, `client` and the real session provider, then signs `role` in the
 * way the sign-in form does: after the provider's start-up check has found no stored token. (A
 * session started from a child's mount effect comes first, since React runs children's effects
 * before their parent's; the provider would then see the token and ask the server who it is.)
 * `null` stays a visitor. `path` is the address the router starts at; `member`, the company role
 * and permissions of the person signed in (without it, every permission is theirs).
 */
export async function renderWithSession(
  ui: ReactNode,
  role: Role | null,
  client = new QueryClient(),
  path = '/',
  member?: UserDto['member'],
) {
  const session: { current: Session | null } = { current: null };
  function Probe() {
    session.current = useAuth();
    return null;
  }
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <QueryClientProvider client={client}>
          <AuthProvider>
            <Probe />
            {ui}
          </AuthProvider>
        </QueryClientProvider>
      </MemoryRouter>,
    );
  });
  if (role) {
    const user = { _id: 'me', email: `${role}@example.com`, role, status: 'verified', member } as UserDto;
    await act(async () => session.current?.startSession('token', user));
  }
}
