import { NOTIFICATIONS } from '@canopy/shared';
import { type KeyboardEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { CountBadge, countBadgeText } from '@/components/ui/count-badge.tsx';
import { useUnreadNotifications } from '../api/use-unread-notifications.ts';

const loadPanel = () => import('./bell-panel.tsx');
const BellPanel = lazy(async () => ({ default: (await loadPanel()).BellPanel }));

/**
 * The bell in the navigation (issue 25 item 6): its name says the unread count ("Notifications, 3
 * unread"); it opens a panel of the latest notices below it (the width of the screen on a phone),
 * which Escape or a click outside closes, giving focus back to the bell.
 */
export function NotificationBell() {
  const unread = useUnreadNotifications();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => document.removeEventListener('pointerdown', closeOnOutsideClick);
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the bell or its panel closes the panel.
    <div ref={wrapperRef} className="relative" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        aria-label={NOTIFICATIONS.bellLabel(countBadgeText(unread))}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        title={NOTIFICATIONS.title}
        onClick={() => setOpen((isOpen) => !isOpen)}
        onPointerEnter={loadPanel}
        onFocus={loadPanel}
        className="relative inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-2">
          <path
            d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <CountBadge count={unread} />
      </button>
      {open && (
        <Suspense fallback={null}>
          <BellPanel id={panelId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
