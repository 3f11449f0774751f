import { CATALOG_CARD_SIZES, type YourPriceDto, yourPriceLine } from '@canopy/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { categoryLabel, type PublicProduct, productCardImage } from '@/lib/public-product.ts';
import { formatPacificDate } from '@/lib/time.ts';
import { Badge } from './ui/badge.tsx';

const percent = (value: number | null) => (value === null ? null : `${value}%`);

interface ProductCardProps {
  product: PublicProduct;
  /** Where the card leads; the home page sends visitors through sign-in first. */
  to: string;
  /** The `sizes` of the picture: how wide the card is in the grid it sits in. */
  sizes?: string;
  /** Cards in the first row are on screen at once; the rest load as they scroll into view. */
  eager?: boolean;
  /** A control over the picture's corner (the watchlist's heart), above the card's link. */
  action?: ReactNode;
  /** The signed-in buyer's own price (their buyer group's), shown under the asking price. */
  yourPrice?: YourPriceDto | undefined;
}

function ProductPicture({
  product,
  sizes,
  eager,
}: Required<Omit<ProductCardProps, 'to' | 'action' | 'yourPrice'>>) {
  const image = productCardImage(product);
  if (!image) {
    return (
      <div className="flex size-full items-center justify-center text-slate-400" aria-hidden="true">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-10 fill-none stroke-current stroke-[1.5]">
          <path d="M12 3c-4 3-6 6.5-6 10a6 6 0 0 0 12 0c0-3.5-2-7-6-10Zm0 5v13" strokeLinecap="round" />
        </svg>
      </div>
    );
  }
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? sizes : undefined}
      width={image.width ?? 400}
      height={image.height ?? 300}
      alt=""
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className="size-full object-cover"
    />
  );
}

/** A product in a grid: picture, name, category, potency, price and seller. The whole card is the link. */
export function ProductCard({
  product,
  to,
  sizes = CATALOG_CARD_SIZES,
  eager = false,
  action,
  yourPrice,
}: ProductCardProps) {
  const thc = percent(product.thcContent);
  const cbd = percent(product.cbdContent);
  const hasVideo = product.media[0]?.type === 'video';

  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-700 hover:shadow-md">
      {/* The fixed 4:3 frame reserves the picture's room, so the grid does not move as images arrive. */}
      <div className="relative aspect-[4/3] bg-slate-100">
        <ProductPicture product={product} sizes={sizes} eager={eager} />
        {hasVideo && (
          <Badge tone="neutral" className="absolute top-2 left-2">
            Video
          </Badge>
        )}
        {action && <div className="absolute top-2 right-2 z-10">{action}</div>}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap gap-1.5">
          <Badge tone="info">{categoryLabel(product.category)}</Badge>
          {product.tested && <Badge tone="success">Lab Tested</Badge>}
        </div>
        <h3 className="text-base font-semibold break-words text-slate-900">
          {/* The stretched link makes the whole card clickable while keeping one link per card. */}
          <Link
            to={to}
            className="text-slate-900 no-underline after:absolute after:inset-0 hover:no-underline focus:outline-none"
          >
            {product.name}
          </Link>
        </h3>
        {product.strain && <p className="text-sm text-slate-600">{product.strain}</p>}
        {(thc || cbd) && (
          <p className="text-sm text-slate-700">
            {[thc && `THC ${thc}`, cbd && `CBD ${cbd}`].filter(Boolean).join(' · ')}
          </p>
        )}
        <p className="text-sm font-medium text-slate-900">{product.priceRange}</p>
        {yourPrice && (
          <p className="text-sm font-semibold text-brand-800">{yourPriceLine(yourPrice.pricePerLb)}</p>
        )}
        <p className="text-sm text-slate-600">{product.availableQuantity}</p>
        <div className="mt-auto flex items-center justify-between gap-2 border-t border-slate-100 pt-3 text-xs text-slate-600">
          <span className="truncate">{product.seller.businessName}</span>
          <span className="shrink-0">{formatPacificDate(product.createdAt)}</span>
        </div>
      </div>
    </article>
  );
}

/** A grey bar as tall as one line of the text it stands for. */
function Line({ className }: { className: string }) {
  return <span className={`block rounded bg-slate-200 ${className}`} />;
}

/**
 * The card's shape while the catalog loads: the same frame, picture box, paddings and line
 * heights as a full card (badges, name, strain, potency, price, quantity, seller row), so the grid
 * does not move when the real cards replace it.
 */
export function ProductCardSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="flex h-full animate-pulse flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <div className="aspect-[4/3] bg-slate-100" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex h-5 items-center gap-1.5">
          <Line className="h-5 w-16 rounded-full" />
          <Line className="h-5 w-20 rounded-full" />
        </div>
        <div className="flex h-6 items-center">
          <Line className="h-4 w-3/4" />
        </div>
        {['w-1/3', 'w-1/2', 'w-2/5', 'w-1/4'].map((width) => (
          <div key={width} className="flex h-5 items-center">
            <Line className={`h-3 ${width}`} />
          </div>
        ))}
        <div className="mt-auto flex h-[calc(1rem+0.75rem+1px)] items-end justify-between border-t border-slate-100 pt-3">
          <Line className="h-3 w-24" />
          <Line className="h-3 w-16" />
        </div>
      </div>
    </div>
  );
}
