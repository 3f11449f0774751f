import type { UserDto } from '@canopy/shared';
import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ButtonLink } from '@/components/ui/button.tsx';
import { NotificationBell } from '@/features/notifications';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { cn } from '@/lib/cn.ts';
import { NAV, SITE_NAME } from '@/lib/texts.ts';
import { useMediaQuery } from '@/lib/use-media-query.ts';
import { AccountStatusBadge } from './account-status-badge.tsx';
import { CartLink } from './cart-link.tsx';
import { MessagesLink } from './messages-link.tsx';
import { UserMenu } from './user-menu.tsx';
import { WatchlistLink } from './watchlist-link.tsx';

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-2 py-1 text-sm font-medium no-underline hover:bg-slate-100 hover:no-underline',
    isActive ? 'text-brand-800' : 'text-slate-700',
  );

/** From here up every item fits one row; below it the bar folds the rest into a menu. */
const ROOM_FOR_EVERY_ITEM = '(min-width: 768px)';

function Logo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 text-lg font-bold text-slate-900 no-underline hover:no-underline"
    >
      <img src="/favicon.svg" alt="" width="28" height="28" />
      {SITE_NAME}
    </Link>
  );
}

/**
 * The site's own pages: the catalog for all; orders and the Wanted board (a buyer's own posts)
 * for verified businesses; the watchlist for buyers.
 */
function PageLinks({ user }: { user: UserDto | null }) {
  return (
    <>
      <NavLink to="/products" className={navLinkClasses}>
        {NAV.browseProducts}
      </NavLink>
      {user && user.role !== 'admin' && user.status === 'verified' && (
        <NavLink to="/orders" className={navLinkClasses}>
          {NAV.orders}
        </NavLink>
      )}
      {user && user.role !== 'admin' && user.status === 'verified' && (
        <NavLink to="/wanted" className={navLinkClasses}>
          {NAV.wanted}
        </NavLink>
      )}
      {user && user.role === 'buyer' && user.status === 'verified' && (
        <WatchlistLink className={navLinkClasses} />
      )}
      <CartLink className={navLinkClasses} />
    </>
  );
}

/** Members of a verified company have notifications; admins belong to none. */
const hasBell = (user: UserDto) => user.role !== 'admin' && user.status === 'verified';

function SignInLink() {
  return (
    <ButtonLink to="/login" variant="ghost" size="sm">
      {NAV.signIn}
    </ButtonLink>
  );
}

function GetStartedLink() {
  return (
    <ButtonLink to="/account-type-selection" size="sm">
      {NAV.getStarted}
    </ButtonLink>
  );
}

function WideBar() {
  const { user, isLoading } = useAuth();
  return (
    <>
      <Logo />
      <PageLinks user={user} />
      <div className="ml-auto flex min-w-0 items-center gap-2">
        {isLoading ? null : user ? (
          <>
            {hasBell(user) && <NotificationBell />}
            <MessagesLink />
            {user.role !== 'admin' && <AccountStatusBadge status={user.status} />}
            <UserMenu user={user} />
          </>
        ) : (
          <>
            <SignInLink />
            <GetStartedLink />
          </>
        )}
      </div>
    </>
  );
}

/**
 * A phone's bar (issue 27): the logo, what is used at a glance (messages, or Get Started for a
 * visitor) and a Menu button, on one row; the menu opens below it with the other links, the
 * license badge and the account menu. It closes when a link is followed.
 */
function PhoneBar() {
  const { user, isLoading } = useAuth();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address is what closes the menu.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <>
      <Logo />
      <div className="ml-auto flex items-center gap-2">
        {isLoading ? null : user ? (
          <>
            {hasBell(user) && <NotificationBell />}
            <MessagesLink />
          </>
        ) : (
          <GetStartedLink />
        )}
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((isOpen) => !isOpen)}
          className="inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
            {open ? (
              <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
            ) : (
              <path d="M3 5a1 1 0 0 1 1-1h12a1 1 0 1 1 0 2H4a1 1 0 0 1-1-1Zm0 5a1 1 0 0 1 1-1h12a1 1 0 1 1 0 2H4a1 1 0 0 1-1-1Zm1 4a1 1 0 1 0 0 2h12a1 1 0 1 0 0-2H4Z" />
            )}
          </svg>
          {NAV.menu}
        </button>
      </div>
      <div id={panelId} hidden={!open} className="w-full border-t border-slate-200 pt-3 pb-1">
        {open && (
          <div className="flex flex-col items-start gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <PageLinks user={user} />
            </div>
            {isLoading ? null : user ? (
              <div className="flex flex-wrap items-center gap-2">
                {user.role !== 'admin' && <AccountStatusBadge status={user.status} />}
                <UserMenu user={user} />
              </div>
            ) : (
              <SignInLink />
            )}
          </div>
        )}
      </div>
    </>
  );
}

export function NavBar() {
  const wide = useMediaQuery(ROOM_FOR_EVERY_ITEM);
  return (
    <header className="border-b border-slate-200 bg-white">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6 lg:px-8"
      >
        {wide ? <WideBar /> : <PhoneBar />}
      </nav>
    </header>
  );
}
