import { AUTH, type UserDto } from '@canopy/shared';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NetworkError, setUnauthorizedHandler } from '../api-client.ts';
import { loginPath } from '../redirect.ts';
import { notify } from '../toast.ts';
import { tokenStorage } from '../token-storage.ts';
import { endServerSession, fetchCurrentUser } from './session-api.ts';

// The browser session of SPEC §4. It sits inside the router (the root route renders it) so it
// can navigate on sign-out and when the server says the token is no longer valid.

export interface Session {
  user: UserDto | null;
  /** True until the start-up check of a stored token has finished. */
  isLoading: boolean;
  isAuthenticated: boolean;
  /** Stores the token and the user, e.g. after sign-in or e-mail verification. */
  startSession: (token: string, user: UserDto) => void;
  /** Replaces the user after the profile changed on the server. */
  updateUser: (user: UserDto) => void;
  /** Ends the session on the server and here, then goes to the home page. */
  logout: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [user, setUser] = useState<UserDto | null>(null);
  const [isLoading, setIsLoading] = useState(() => tokenStorage.get() !== null);

  useEffect(() => {
    if (!tokenStorage.get()) return;
    let active = true;
    fetchCurrentUser()
      .then((current) => {
        if (active) setUser(current);
      })
      .catch((error: unknown) => {
        // SPEC §4: if the stored token does not yield a user, it is removed. A check that got no
        // answer at all (no network, or cut short by leaving the page) said nothing about the
        // token: it stays for the next page to check (decision 182).
        if (!(error instanceof NetworkError)) tokenStorage.remove();
      })
      .finally(() => {
        if (active) setIsLoading(false);
      });
    return () => {
      active = false;
    };
  }, []);

  const clearSession = useCallback(() => {
    tokenStorage.remove();
    setUser(null);
    // Cached answers belong to the signed-out user; the next user must not see them.
    queryClient.clear();
  }, [queryClient]);

  // Leaving a page and ending the session must happen in that order: if the user disappeared
  // first, the protected page still on screen would redirect to /login on its own and race this
  // navigation. flushSync commits the new page before the session is cleared.
  const leaveThenClear = useCallback(
    async (to: string) => {
      await navigate(to, { replace: true, flushSync: true });
      clearSession();
    },
    [clearSession, navigate],
  );

  // Re-registered on every navigation so that, once signed in again, the user comes back to the
  // page where the session expired.
  const returnTo = `${location.pathname}${location.search}`;
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        notify.authError(AUTH.sessionExpired);
        void leaveThenClear(loginPath(returnTo, '/auth/login'));
      }),
    [leaveThenClear, returnTo],
  );

  const startSession = useCallback((token: string, nextUser: UserDto) => {
    tokenStorage.set(token);
    setUser(nextUser);
  }, []);

  const logout = useCallback(async () => {
    // The server-side revocation is best effort: whatever it answers, this browser signs out.
    await endServerSession().catch(() => undefined);
    await leaveThenClear('/');
  }, [leaveThenClear]);

  const session = useMemo<Session>(
    () => ({
      user,
      isLoading,
      isAuthenticated: user !== null,
      startSession,
      updateUser: setUser,
      logout,
    }),
    [user, isLoading, startSession, logout],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useAuth(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useAuth must be used inside <AuthProvider>');
  return session;
}
