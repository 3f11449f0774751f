import { useQuery } from '@tanstack/react-query';
import { ProductCard } from '@/components/product-card.tsx';
import { Alert } from '@/components/ui/alert.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { featuredProductsQueryOptions } from '../api/featured-products.ts';
import { productLink } from './product-link.ts';

/** Slot widths of the home grid's 1 → 2 → 4 columns. */
const HOME_GRID_SIZES = '(min-width: 1280px) 288px, (min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw';

function FeaturedGrid() {
  const { isAuthenticated } = useAuth();
  const products = useQuery(featuredProductsQueryOptions());

  if (products.isPending) return <Spinner label="Loading the newest listings" />;
  if (products.isError)
    return <Alert tone="info">The newest listings cannot be shown right now. Please try again later.</Alert>;
  if (products.data.length === 0) {
    return (
      <EmptyState
        title="No listings yet"
        description="New product lots from licensed sellers will appear here."
      />
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {products.data.map((product) => (
        <li key={product._id}>
          {/* Below the hero: every picture waits until it scrolls into view. */}
          <ProductCard
            product={product}
            to={productLink(product._id, isAuthenticated)}
            sizes={HOME_GRID_SIZES}
          />
        </li>
      ))}
    </ul>
  );
}

export function FeaturedProducts() {
  return (
    <section aria-labelledby="featured-listings" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8">
      <h2 id="featured-listings" className="mb-6 text-2xl font-bold tracking-tight text-slate-900">
        Newest listings
      </h2>
      <FeaturedGrid />
    </section>
  );
}
