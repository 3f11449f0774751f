import type { Role } from '@canopy/shared';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { AccountStatusScreen } from '@/features/accounts';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { loginPath } from '@/lib/redirect.ts';

interface ProtectedRouteProps {
  /** Only this role may enter; any other signed-in user goes to / (SPEC §6). */
  requiredRole?: Role;
  /**
   * SPEC's route table marks /dashboard "logged in" rather than "verified": it only redirects by
   * role, and the page it sends to applies its own rule.
   */
  allowUnverified?: boolean;
}

/**
 * The gate of every protected route, in SPEC's order: wait for the session, send the signed-out
 * to sign-in (coming back afterwards), show the account status screen to the unverified, and
 * send a wrong role home.
 */
export function ProtectedRoute({ requiredRole, allowUnverified = false }: ProtectedRouteProps) {
  const { user, isLoading } = useAuth();
  const location = useLocation();

  if (isLoading) return <PageSpinner label="Checking your session…" />;
  if (!user) return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  if (!allowUnverified && user.status !== 'verified') return <AccountStatusScreen user={user} />;
  if (requiredRole && user.role !== requiredRole) return <Navigate to="/" replace />;
  return <Outlet />;
}
