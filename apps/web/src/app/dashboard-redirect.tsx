import { Navigate } from 'react-router';
import { useAuth } from '@/lib/auth/session-context.tsx';

const DASHBOARD_BY_ROLE = { admin: '/admin', seller: '/seller', buyer: '/products' } as const;

/** /dashboard: each role's home (SPEC §2); rendered behind ProtectedRoute, so a user exists. */
export function DashboardRedirect() {
  const { user } = useAuth();
  const target = user ? (DASHBOARD_BY_ROLE[user.role] ?? '/products') : '/login';
  return <Navigate to={target} replace />;
}
