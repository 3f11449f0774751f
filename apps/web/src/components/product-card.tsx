import { Link } from 'react-router';
import { type PublicProduct, productImage } from '../lib/public-product.ts';
import { formatPacificDate } from '../lib/time.ts';
import { Badge } from './ui/badge.tsx';

const percent = (value: number | string | null | undefined) =>
  value === null || value === undefined || value === '' ? null : `${value}%`;

interface ProductCardProps {
  product: PublicProduct;
  /** Where the card leads; the home page sends visitors through sign-in first. */
  to: string;
}

/** A product in a grid: picture, name, category, potency, price and seller. The whole card is the link. */
export function ProductCard({ product, to }: ProductCardProps) {
  const image = productImage(product);
  const thc = percent(product.thcContent);
  const cbd = percent(product.cbdContent);

  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-700 hover:shadow-md">
      <div className="aspect-[4/3] bg-slate-100">
        {image ? (
          <img
            src={image}
            alt=""
            width={400}
            height={300}
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-slate-400" aria-hidden="true">
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-10 fill-none stroke-current stroke-[1.5]"
            >
              <path d="M12 3c-4 3-6 6.5-6 10a6 6 0 0 0 12 0c0-3.5-2-7-6-10Zm0 5v13" strokeLinecap="round" />
            </svg>
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap gap-1.5">
          <Badge tone="info" className="capitalize">
            {product.category}
          </Badge>
          {product.tested && <Badge tone="success">Lab Tested</Badge>}
        </div>
        <h3 className="text-base font-semibold text-slate-900">
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
        {product.priceRange && <p className="text-sm font-medium text-slate-900">{product.priceRange}</p>}
        <div className="mt-auto flex items-center justify-between gap-2 border-t border-slate-100 pt-3 text-xs text-slate-600">
          <span className="truncate">{product.seller?.businessName}</span>
          <span className="shrink-0">{formatPacificDate(product.createdAt)}</span>
        </div>
      </div>
    </article>
  );
}
