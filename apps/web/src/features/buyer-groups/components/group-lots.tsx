import { BUYER_GROUPS } from '@canopy/shared';
import { ProductCard } from '@/components/product-card.tsx';
import { useYourPrivateLots } from '../api/buyer-groups-api.ts';

// A seller's storefront, for a buyer in one of the seller's groups: the lots only that group sees,
// above the public ones (decision 242). Nothing shows for anyone else, or while it loads: the
// public list below is the page, this is an addition to it.

export function GroupLots({ sellerId }: { sellerId: string }) {
  const lots = useYourPrivateLots(sellerId);
  if (!lots.data || lots.data.length === 0) return null;
  return (
    <section aria-labelledby="group-lots" className="mb-8">
      <h2 id="group-lots" className="mb-3 text-lg font-semibold text-slate-900">
        {BUYER_GROUPS.privateLot}
      </h2>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {lots.data.map((product) => (
          <li key={product._id}>
            <ProductCard product={product} to={`/products/${product._id}`} yourPrice={product.yourPrice} />
          </li>
        ))}
      </ul>
    </section>
  );
}
