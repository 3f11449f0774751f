import { NEWEST_LOT_SIZES } from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { type PublicProduct, productCardImage } from '@/lib/public-product.ts';
import { featuredProductsQueryOptions } from '../api/featured-products.ts';
import { homeSummaryQueryOptions } from '../api/home-summary.ts';
import { HERO } from '../texts.ts';
import { productLink } from './product-link.ts';

// The hero's right half (issue 15): the newest public lot and how big the marketplace is, both
// true at the moment they are read. The lot is the first of the featured grid's answer (one
// request feeds both). On a phone the card is a row with a small picture under the actions; from
// the lg breakpoint it is a full card beside the text. Every state has the card's exact size, so
// nothing below moves when the answer arrives.

const FRAME =
  'relative mt-3 flex gap-4 overflow-hidden rounded-lg border border-slate-200 bg-white p-3 shadow-sm lg:flex-col lg:gap-0 lg:p-0';
const PICTURE_BOX =
  'relative aspect-[4/3] w-28 shrink-0 overflow-hidden rounded-md bg-slate-100 lg:w-full lg:rounded-none';
const TEXT_BOX = 'flex min-w-0 flex-1 flex-col gap-1 lg:p-4';

function LotCard({ product }: { product: PublicProduct }) {
  const { isAuthenticated } = useAuth();
  const image = productCardImage(product);
  return (
    <article className={`${FRAME} focus-within:ring-2 focus-within:ring-brand-700 hover:shadow-md`}>
      <div className={PICTURE_BOX}>
        {image && (
          <img
            src={image.src}
            srcSet={image.srcSet}
            // The server preloads this picture for wide screens with the same sizes.
            sizes={image.srcSet ? NEWEST_LOT_SIZES : undefined}
            width={image.width ?? 400}
            height={image.height ?? 300}
            alt=""
            // On a wide screen this is the largest thing in the first view: fetch it first.
            fetchPriority="high"
            decoding="async"
            className="size-full object-cover"
          />
        )}
      </div>
      <div className={TEXT_BOX}>
        <h3 className="truncate text-base leading-6 font-semibold">
          {/* The stretched link makes the whole card clickable with one link. */}
          <Link
            to={productLink(product._id, isAuthenticated)}
            className="text-slate-900 no-underline after:absolute after:inset-0 hover:no-underline focus:outline-none"
          >
            {product.name}
          </Link>
        </h3>
        <p className="truncate text-sm leading-5 font-medium text-slate-900">{product.priceRange}</p>
        <p className="truncate text-sm leading-5 text-slate-600">
          {product.availableQuantity} · {product.seller.businessName}
        </p>
      </div>
    </article>
  );
}

/** The card's shape with grey bars for its lines, while the lot loads. */
function LotCardSkeleton() {
  return (
    <div aria-hidden="true" className={`${FRAME} animate-pulse`}>
      <div className={PICTURE_BOX} />
      <div className={TEXT_BOX}>
        <span className="flex h-6 items-center">
          <span className="block h-4 w-3/4 rounded bg-slate-200" />
        </span>
        <span className="flex h-5 items-center">
          <span className="block h-3 w-1/2 rounded bg-slate-200" />
        </span>
        <span className="flex h-5 items-center">
          <span className="block h-3 w-2/3 rounded bg-slate-200" />
        </span>
      </div>
    </div>
  );
}

/** A note in the card's place when there is no lot to show. */
function LotNote({ text }: { text: string }) {
  return <p className={`${FRAME} items-center text-sm text-slate-700 lg:p-4`}>{text}</p>;
}

function NewestLotCard() {
  const products = useQuery(featuredProductsQueryOptions());
  if (products.isPending) return <LotCardSkeleton />;
  if (products.isError) return <LotNote text={HERO.newestLotUnavailable} />;
  const newest = products.data[0];
  return newest ? <LotCard product={newest} /> : <LotNote text={HERO.noLotsYet} />;
}

function MarketplaceSize() {
  const summary = useQuery(homeSummaryQueryOptions());
  // The line keeps its height while loading, and stays empty should the count fail: the numbers
  // are a nicety, not something to apologise for.
  return (
    <p className="mt-3 min-h-5 text-sm leading-5 text-slate-700">
      {summary.data && HERO.marketplaceSize(summary.data.verifiedOperators, summary.data.liveLots)}
    </p>
  );
}

export function NewestLot() {
  return (
    <section aria-labelledby="newest-lot" className="w-full">
      <h2 id="newest-lot" className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        {HERO.newestLot}
      </h2>
      <NewestLotCard />
      <MarketplaceSize />
    </section>
  );
}
