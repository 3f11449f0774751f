import { PRODUCTS_PAGE_SIZE } from '@canopy/shared';
import { ProductCardSkeleton } from '@/components/product-card.tsx';

/** The catalog's 1 → 2 → 3 → 4 column grid, shared by the cards and their skeletons. */
export const PRODUCT_GRID = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/**
 * A page of skeleton cards where the results will be: a line where the count will be, then the
 * grid, so neither the count nor the cards move anything when they arrive (decision 119).
 */
export function ResultsSkeleton() {
  return (
    <div className="space-y-4">
      <span className="block h-5" />
      <ul className={PRODUCT_GRID} aria-hidden="true">
        {Array.from({ length: PRODUCTS_PAGE_SIZE }, (_, index) => (
          // Placeholders with nothing to tell them apart: their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index}>
            <ProductCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}
