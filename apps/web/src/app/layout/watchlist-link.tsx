import { WATCHLIST } from '@canopy/shared';
import { NavLink } from 'react-router';
import { useWatchlistSummary } from '@/features/watchlist';
import { NAV } from '@/lib/texts.ts';

/** The nav's Watchlist link for verified buyers, with how many watched lots changed since the last look. */
export function WatchlistLink({ className }: { className: (state: { isActive: boolean }) => string }) {
  const changed = useWatchlistSummary()?.changed ?? 0;
  return (
    <NavLink
      to="/watchlist"
      className={className}
      aria-label={changed > 0 ? WATCHLIST.navChanged(changed) : undefined}
    >
      {NAV.watchlist}
      {/* A space, not only a margin: axe reads the link's words as "Watchlist 1", the start of its
          name, and without one as "Watchlist1", which the name does not hold. */}
      {changed > 0 && ' '}
      {changed > 0 && (
        <span
          aria-hidden="true"
          className="ml-0.5 inline-block min-w-5 rounded-full bg-amber-800 px-1 text-center text-xs leading-5 font-semibold text-white"
        >
          {changed}
        </span>
      )}
    </NavLink>
  );
}
