import { countOf } from '@canopy/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { memo, type Ref, useId } from 'react';
import { ProductCard } from '@/components/product-card.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { useYourPrices } from '@/features/buyer-groups';
import { WatchButton } from '@/features/watchlist';
import { type ProductPage, productFailureText } from '../api/products-api.ts';
import { PastLastPage } from './past-last-page.tsx';
import { PRODUCT_GRID, ResultsSkeleton } from './results-skeleton.tsx';

/** How many cards are in the first row at the widest layout: those pictures load at once. */
const FIRST_ROW = 4;

/** A search with very many matches reports an estimate ("About 160,000 products found"). */
const productCount = ({ total, estimated }: ProductPage['pagination']) =>
  `${estimated ? 'About ' : ''}${countOf(total, 'product')} found`;

type ResultProduct = ProductPage['data'][number];

/**
 * The page's cards. The list around them is drawn again whenever its call starts or ends (it is
 * marked busy meanwhile), and each of those draws is one uninterrupted task: a page that came with
 * its answer refetches it on mount, which drew all twelve cards twice more after the first paint
 * (decision 260). The cards only change with the products and the buyer's prices.
 */
const ResultCards = memo(function ResultCards({
  products,
  yourPrices,
}: {
  products: ResultProduct[];
  yourPrices: ReturnType<typeof useYourPrices>;
}) {
  return (
    <ul className={PRODUCT_GRID}>
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard
            product={product}
            to={`/products/${product._id}`}
            eager={index < FIRST_ROW}
            action={<WatchButton listingId={product._id} name={product.name} />}
            yourPrice={yourPrices.get(product._id)}
          />
        </li>
      ))}
    </ul>
  );
});

interface ProductResultsProps {
  products: UseQueryResult<ProductPage>;
  page: number;
  onPageChange: (page: number) => void;
  /** The address of another page of the same results, for the link out of a page past the end. */
  pageHref: (page: number) => string;
  /** Shown in the no-results state when filters are narrowing the list. */
  clearFilters?: () => void;
  /** The result count, focused after a page change so keyboard and screen reader users start at the top. */
  countRef: Ref<HTMLParagraphElement>;
}

export function ProductResults({
  products,
  page,
  onPageChange,
  pageHref,
  clearFilters,
  countRef,
}: ProductResultsProps) {
  const headingId = useId();
  // A buyer group's prices for the cards shown: per buyer, so never part of the shared page answer.
  const yourPrices = useYourPrices(products.data?.data.map((product) => product._id) ?? []);

  return (
    // While loading, skeleton cards the size of the real ones, at least a screen tall, so neither
    // the grid nor the footer moves when the cards arrive (layout shift, decision 119).
    <QueryState
      query={products}
      loading="Loading products"
      loadingClassName="min-h-dvh"
      skeleton={<ResultsSkeleton />}
      error={productFailureText}
    >
      {({ data, pagination }) => (
        <section aria-labelledby={headingId} className="space-y-4">
          <h2 id={headingId} className="sr-only">
            Results
          </h2>
          <p
            ref={countRef}
            tabIndex={-1}
            aria-live="polite"
            className="text-sm text-slate-600 focus:outline-none"
          >
            {productCount(pagination)}
          </p>
          {data.length === 0 && page > pagination.pages && pagination.pages > 0 ? (
            <PastLastPage page={page} pages={pagination.pages} pageHref={pageHref} />
          ) : data.length === 0 ? (
            <EmptyState
              title="No products found"
              description="Try another search or category."
              action={
                clearFilters && (
                  <Button variant="secondary" onClick={clearFilters}>
                    Clear Filters
                  </Button>
                )
              }
            />
          ) : (
            <ResultCards products={data} yourPrices={yourPrices} />
          )}
          <Pagination
            page={page}
            pages={pagination.pages}
            onPageChange={onPageChange}
            label="Product pages"
          />
        </section>
      )}
    </QueryState>
  );
}
