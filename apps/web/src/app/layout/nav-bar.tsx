import { Link, NavLink } from 'react-router';
import { ButtonLink } from '@/components/ui/button.tsx';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { cn } from '@/lib/cn.ts';
import { NAV, SITE_NAME } from '@/lib/texts.ts';
import { AccountStatusBadge } from './account-status-badge.tsx';
import { MessagesLink } from './messages-link.tsx';
import { UserMenu } from './user-menu.tsx';
import { WatchlistLink } from './watchlist-link.tsx';

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-2 py-1 text-sm font-medium no-underline hover:bg-slate-100 hover:no-underline',
    isActive ? 'text-brand-800' : 'text-slate-700',
  );

export function NavBar() {
  const { user, isLoading } = useAuth();

  return (
    <header className="border-b border-slate-200 bg-white">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6 lg:px-8"
      >
        <Link
          to="/"
          className="flex items-center gap-2 text-lg font-bold text-slate-900 no-underline hover:no-underline"
        >
          <img src="/favicon.svg" alt="" width="28" height="28" />
          {SITE_NAME}
        </Link>
        <NavLink to="/products" className={navLinkClasses}>
          {NAV.browseProducts}
        </NavLink>
        {user && user.role !== 'admin' && user.status === 'verified' && (
          <NavLink to="/orders" className={navLinkClasses}>
            {NAV.orders}
          </NavLink>
        )}
        {user && user.role === 'buyer' && user.status === 'verified' && (
          <WatchlistLink className={navLinkClasses} />
        )}

        <div className="ml-auto flex min-w-0 items-center gap-2">
          {isLoading ? null : user ? (
            <>
              <MessagesLink />
              {user.role !== 'admin' && <AccountStatusBadge status={user.status} />}
              <UserMenu user={user} />
            </>
          ) : (
            <>
              <ButtonLink to="/login" variant="ghost" size="sm">
                {NAV.signIn}
              </ButtonLink>
              <ButtonLink to="/account-type-selection" size="sm">
                {NAV.getStarted}
              </ButtonLink>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
