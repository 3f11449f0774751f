import { INVOICES, type UserDto } from '@canopy/shared';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { permissionsOf } from '@/lib/auth/use-permissions.ts';
import { NAV } from '@/lib/texts.ts';

export function userMenuLabel(user: UserDto): string {
  return user.profile?.businessName || user.email || NAV.userFallback;
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

const itemClasses =
  'block w-full px-4 py-2 text-left text-sm text-slate-700 no-underline hover:bg-slate-100 hover:no-underline focus:bg-slate-100';

/**
 * The signed-in user's menu, following the WAI-ARIA menu button pattern: Enter/Space/ArrowDown
 * open it on the first item, arrows move, Escape closes it and returns focus to the button.
 */
export function UserMenu({ user }: { user: UserDto }) {
  const { logout } = useAuth();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    menuItems(menuRef.current)[0]?.focus();
    const closeOnOutsideClick = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => document.removeEventListener('pointerdown', closeOnOutsideClick);
  }, [open]);

  function close({ returnFocus }: { returnFocus: boolean }) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const all = menuItems(menuRef.current);
    const index = all.indexOf(document.activeElement as HTMLElement);
    const targets: Record<string, number> = {
      ArrowDown: (index + 1) % all.length,
      ArrowUp: (index - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      close({ returnFocus: true });
    } else if (event.key === 'Tab') {
      close({ returnFocus: false });
    } else if (targets[event.key] !== undefined) {
      event.preventDefault();
      all[targets[event.key] ?? 0]?.focus();
    }
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
    }
  }

  const label = userMenuLabel(user);

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((isOpen) => !isOpen)}
        onKeyDown={onButtonKeyDown}
        className="flex max-w-[9rem] items-center gap-1 rounded-md sm:max-w-[14rem] border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
      >
        <span className="truncate" title={label}>
          {label}
        </span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 fill-current">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-20 mt-2 w-56 rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        >
          <MenuLink to="/profile" onSelect={() => close({ returnFocus: false })}>
            {NAV.profile}
          </MenuLink>
          {user.member && (
            <MenuLink to="/company" onSelect={() => close({ returnFocus: false })}>
              {NAV.company}
            </MenuLink>
          )}
          <MenuLink to="/messages" onSelect={() => close({ returnFocus: false })}>
            {NAV.messages}
          </MenuLink>
          {user.role !== 'admin' && (
            <MenuLink to="/orders" onSelect={() => close({ returnFocus: false })}>
              {NAV.orders}
            </MenuLink>
          )}
          {user.role !== 'admin' && permissionsOf(user).may('orders:read') && (
            <MenuLink to="/samples" onSelect={() => close({ returnFocus: false })}>
              {NAV.samples}
            </MenuLink>
          )}
          {user.role !== 'admin' && permissionsOf(user).may('invoices:read') && (
            <MenuLink
              to={user.role === 'seller' ? '/receivables' : '/payables'}
              onSelect={() => close({ returnFocus: false })}
            >
              {user.role === 'seller' ? INVOICES.receivables : INVOICES.payables}
            </MenuLink>
          )}
          {permissionsOf(user).may('searches:write') && (
            <MenuLink to="/saved-searches" onSelect={() => close({ returnFocus: false })}>
              {NAV.savedSearches}
            </MenuLink>
          )}
          {user.role === 'admin' && (
            <MenuLink to="/admin" onSelect={() => close({ returnFocus: false })}>
              {NAV.adminDashboard}
            </MenuLink>
          )}
          {user.role === 'seller' && (
            <MenuLink to="/seller" onSelect={() => close({ returnFocus: false })}>
              {NAV.sellerDashboard}
            </MenuLink>
          )}
          <div className="my-1 border-t border-slate-200" role="none" />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={itemClasses}
            onClick={() => {
              close({ returnFocus: false });
              void logout();
            }}
          >
            {NAV.signOut}
          </button>
        </div>
      )}
    </div>
  );
}

function MenuLink({ to, onSelect, children }: { to: string; onSelect: () => void; children: string }) {
  return (
    <Link to={to} role="menuitem" tabIndex={-1} className={itemClasses} onClick={onSelect}>
      {children}
    </Link>
  );
}
