import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '../token-storage.ts';
import { AuthProvider, type Session, useAuth } from './session-context.tsx';

// The start-up check of a stored token (SPEC §4): when it fails, the token is removed; when the
// page is left before it ends, it has not failed, and the token stays for the next page.

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
  it('keeps the stored token when the page is left before the check ends', async () => {
    let fail: (error: Error) => void = () => {};
    const { session, asked } = startWithStoredToken(
      () =>
        new Promise<Response>((_, reject) => {
          fail = reject;
        }),
    );
    expect(asked).toEqual(['/api/auth/me']);
    // A click to another page: the browser hides this one, then cuts its requests short.
    window.dispatchEvent(new Event('pagehide'));
    fail(new TypeError('Failed to fetch'));
    await waitFor(() => expect(session.current?.isLoading).toBe(false));
    expect(tokenStorage.get()).toBe('stored-token');
  });

  it('removes the token when the check fails', async () => {
    for (const failure of [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () =>
        json(503, { success: false, error: 'Service temporarily unavailable. Please try again shortly.' }),
    ]) {
      const { session } = startWithStoredToken(failure);
      await waitFor(() => expect(session.current?.isLoading).toBe(false));
      expect(session.current?.user).toBeNull();
      expect(tokenStorage.get()).toBeNull();
    }
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
