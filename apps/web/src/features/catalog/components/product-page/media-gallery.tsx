import { PRODUCT_STAGE_SIZES } from '@canopy/shared';
import { type KeyboardEvent, useId, useState } from 'react';
import { Badge } from '@/components/ui/badge.tsx';
import { cn } from '@/lib/cn.ts';
import { mediaImageSources, type ProductMedia } from '@/lib/public-product.ts';

const kindLabel = (item: ProductMedia) => (item.type === 'video' ? 'Video' : 'Photo');
const position = (item: ProductMedia, index: number, total: number) =>
  `${kindLabel(item)} ${index + 1} of ${total}`;

function ArrowIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-2">
      <path
        d={direction === 'left' ? 'm15 18-6-6 6-6' : 'm9 18 6-6-6-6'}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function StageItem({ item, label }: { item: ProductMedia; label: string }) {
  if (item.type === 'video') {
    // Keyed by item, so moving on unmounts the player and stops playback.
    return (
      // biome-ignore lint/a11y/useMediaCaption: sellers upload product footage without caption files; there is no track to offer.
      <video
        key={item._id}
        controls
        preload="metadata"
        poster={item.thumbnail}
        src={item.url}
        aria-label={label}
        className="size-full bg-slate-900 object-contain"
      />
    );
  }
  const image = mediaImageSources(item, 'medium');
  return (
    <img
      key={item._id}
      src={image.src}
      srcSet={image.srcSet}
      // The same sizes as the server's preload of this picture, so both pick the same file.
      sizes={image.srcSet ? PRODUCT_STAGE_SIZES : undefined}
      width={image.width}
      height={image.height}
      alt={label}
      // The main picture is the page's largest element: fetch it first.
      fetchPriority="high"
      decoding="async"
      className="size-full object-contain"
    />
  );
}

function Thumbnail({
  item,
  label,
  selected,
  onSelect,
}: {
  item: ProductMedia;
  label: string;
  selected: boolean;
  onSelect: () => void;
}) {
  const image = mediaImageSources(item, 'thumbnail');
  return (
    <button
      type="button"
      aria-label={`Show ${label.toLowerCase()}`}
      aria-current={selected || undefined}
      onClick={onSelect}
      className={cn(
        'relative block aspect-square w-16 overflow-hidden rounded-md bg-slate-100 ring-2 sm:w-20',
        selected ? 'ring-brand-700' : 'ring-transparent hover:ring-slate-300',
      )}
    >
      {/* Thumbnails are small and below the stage: the 200 px variant, loaded lazily. */}
      <img
        src={image.src}
        width={image.width}
        height={image.height}
        alt=""
        loading="lazy"
        fetchPriority="low"
        decoding="async"
        className="size-full object-cover"
      />
      {item.type === 'video' && (
        <span
          className="absolute inset-0 flex items-center justify-center bg-slate-900/30 text-white"
          aria-hidden="true"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6 fill-current">
            <path d="M8 5v14l11-7z" />
          </svg>
        </span>
      )}
    </button>
  );
}

interface MediaGalleryProps {
  media: ProductMedia[];
  productName: string;
}

/**
 * The product's photos and videos: one large item, previous/next arrows, thumbnails, and the
 * left/right arrow keys while focus is anywhere in the gallery (except on a playing video, whose
 * own arrow keys seek).
 */
export function MediaGallery({ media, productName }: MediaGalleryProps) {
  const [index, setIndex] = useState(0);
  const hintId = useId();
  const total = media.length;
  const current = media[index];

  if (!current) {
    return (
      <div className="flex aspect-[4/3] items-center justify-center rounded-lg border border-slate-200 bg-slate-100 text-sm text-slate-600">
        No photos or videos yet
      </div>
    );
  }

  const show = (next: number) => setIndex((next + total) % total);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (total < 2 || event.target instanceof HTMLVideoElement) return;
    const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    show(index + step);
  };
  const label = (item: ProductMedia, at: number) =>
    `${productName}, ${position(item, at, total).toLowerCase()}`;

  return (
    <section
      aria-roledescription="gallery"
      aria-label={`Photos and videos of ${productName}`}
      aria-describedby={total > 1 ? hintId : undefined}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the gallery is one keyboard widget (the arrow keys move through it), so it is a tab stop of its own, as in the WAI-ARIA carousel pattern.
      tabIndex={0}
      onKeyDown={onKeyDown}
      className="space-y-3 rounded-lg"
    >
      <div className="relative aspect-[4/3] overflow-hidden rounded-lg border border-slate-200 bg-white">
        <StageItem item={current} label={label(current, index)} />
        <Badge tone="neutral" className="absolute top-3 left-3">
          {kindLabel(current)}
        </Badge>
        {total > 1 && (
          <>
            <button
              type="button"
              aria-label="Previous photo or video"
              onClick={() => show(index - 1)}
              className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-slate-900 shadow hover:bg-white"
            >
              <ArrowIcon direction="left" />
            </button>
            <button
              type="button"
              aria-label="Next photo or video"
              onClick={() => show(index + 1)}
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-slate-900 shadow hover:bg-white"
            >
              <ArrowIcon direction="right" />
            </button>
          </>
        )}
      </div>
      <p aria-live="polite" className="text-sm text-slate-600">
        {position(current, index, total)}
      </p>
      {total > 1 && (
        <p id={hintId} className="sr-only">
          Use the left and right arrow keys to move between the photos and videos.
        </p>
      )}
      {total > 1 && (
        <ul className="flex flex-wrap gap-2" aria-label="Thumbnails">
          {media.map((item, at) => (
            <li key={item._id}>
              <Thumbnail
                item={item}
                label={position(item, at, total)}
                selected={at === index}
                onSelect={() => setIndex(at)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
