import type { ListingDto } from '@canopy/shared';
import { cn } from '@/lib/cn.ts';
import { listingThumbnail } from '../listing-display.ts';

const SIZES = { sm: { px: 56, box: 'size-14' }, md: { px: 64, box: 'size-16' } } as const;

/**
 * A listing's first picture, square, or a leaf where it has none. The thumbnail variant (≤200 px)
 * is sharp at 3x in both sizes.
 */
export function ListingThumbnail({
  listing,
  size = 'md',
}: {
  listing: ListingDto;
  size?: keyof typeof SIZES;
}) {
  const src = listingThumbnail(listing);
  const { px, box } = SIZES[size];
  return (
    <div className={cn(box, 'shrink-0 overflow-hidden rounded-md bg-slate-100')}>
      {src ? (
        <img
          src={src}
          alt=""
          width={px}
          height={px}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
      ) : (
        <div className="flex size-full items-center justify-center text-slate-400" aria-hidden="true">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-7 fill-none stroke-current stroke-[1.5]"
          >
            <path d="M12 3c-4 3-6 6.5-6 10a6 6 0 0 0 12 0c0-3.5-2-7-6-10Zm0 5v13" strokeLinecap="round" />
          </svg>
        </div>
      )}
    </div>
  );
}
