import { WATCHLIST } from '@canopy/shared';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { cn } from '@/lib/cn.ts';
import { loginPath } from '@/lib/redirect.ts';
import { useCanWatch, useToggleWatch, useWatchlistSummary } from '../api/use-watchlist.ts';

interface WatchButtonProps {
  listingId: string;
  /** The lot's name, so each heart in a grid is told apart by screen readers. */
  name: string;
  /** "card": a round icon over the card's picture; "page": a labelled button on the product page. */
  variant?: 'card' | 'page';
  className?: string;
}

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={cn('size-5 stroke-current stroke-2', filled ? 'fill-current' : 'fill-none')}
    >
      <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The heart (decision 156): a toggle button for verified buyers; a signed-out visitor is taken to
 * sign in and brought back; sellers and admins, who keep no watchlist, see none.
 */
export function WatchButton({ listingId, name, variant = 'card', className }: WatchButtonProps) {
  const { user, isLoading } = useAuth();
  const canWatch = useCanWatch();
  const summary = useWatchlistSummary();
  const toggle = useToggleWatch();
  const navigate = useNavigate();
  const location = useLocation();
  if (isLoading || (user && user.role !== 'buyer')) return null;

  const watching = summary?.listingIds.includes(listingId) ?? false;
  const label = watching ? WATCHLIST.removeLabel : WATCHLIST.addLabel;
  const onClick = () => {
    if (!user) {
      navigate(loginPath(`${location.pathname}${location.search}`));
      return;
    }
    toggle.mutate({ listingId, watching: !watching });
  };

  return (
    <button
      type="button"
      aria-pressed={canWatch ? watching : false}
      // On a card the icon stands alone, and a grid of hearts needs each lot's name; on the product
      // page the visible words are the name.
      aria-label={variant === 'card' ? `${label}: ${name}` : undefined}
      title={variant === 'card' ? label : undefined}
      onClick={onClick}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-full border text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
        watching
          ? 'border-rose-200 bg-rose-50 text-rose-700 hover:bg-rose-100'
          : 'border-slate-300 bg-white/95 text-slate-700 hover:bg-slate-50',
        variant === 'card' ? 'size-10 shadow-sm' : 'min-h-11 px-4',
        className,
      )}
    >
      <Heart filled={watching} />
      {variant === 'page' && <span>{label}</span>}
    </button>
  );
}
