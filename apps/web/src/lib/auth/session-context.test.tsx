import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../token-storage.ts';
import { AuthProvider, type Session, useAuth } from './session-context.tsx';

// The start-up check of a stored token (SPEC §4): when the server's answer refuses or fails it,
// the token is removed; a check that got no answer (no network, or cut short by leaving the page)
// says nothing about the token, which stays for the next page.

function startWithStoredToken(answer: () => Promise<Response>) {
  tokenStorage.set('stored-token');
  const asked: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    asked.push(String(input instanceof Request ? input.url : input));
    return answer();
  });
  const session: { current: Session | null } = { current: null };
  function Probe() {
    session.current = useAuth();
    return null;
  }
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <AuthProvider>
          <Probe />
        </AuthProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { session, asked };
}

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

afterEach(() => vi.unstubAllGlobals());

describe('the session’s start-up check', () => {
  it('keeps the stored token when the check gets no answer', async () => {
    for (const failure of [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.reject(new DOMException('The user aborted a request.', 'AbortError')),
    ]) {
      const { session, asked } = startWithStoredToken(failure);
      await waitFor(() => expect(session.current?.isLoading).toBe(false));
      expect(asked).toEqual(['/api/auth/me']);
      expect(session.current?.user).toBeNull();
      expect(tokenStorage.get()).toBe('stored-token');
    }
  });

  it('removes the token when the server answers with a failure', async () => {
    const { session } = startWithStoredToken(() =>
      json(503, { success: false, error: 'Service temporarily unavailable. Please try again shortly.' }),
    );
    await waitFor(() => expect(session.current?.isLoading).toBe(false));
    expect(session.current?.user).toBeNull();
    expect(tokenStorage.get()).toBeNull();
  });

  it('drops the token the server refuses, and starts signed out', async () => {
    const { session } = startWithStoredToken(() => json(401, { success: false, error: 'Unauthorized' }));
    await waitFor(() => expect(session.current?.isLoading).toBe(false));
    expect(session.current?.user).toBeNull();
    expect(tokenStorage.get()).toBeNull();
  });

  it('signs in the user the stored token belongs to', async () => {
    const user = { _id: 'u1', email: 'buyer@example.com', role: 'buyer', status: 'verified' };
    const { session } = startWithStoredToken(() => json(200, { success: true, user }));
    await waitFor(() => expect(session.current?.user).toEqual(user));
    expect(tokenStorage.get()).toBe('stored-token');
  });
});
