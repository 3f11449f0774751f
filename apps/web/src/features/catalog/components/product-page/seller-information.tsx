import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge.tsx';
import { Card } from '@/components/ui/card.tsx';
import type { PublicProduct } from '@/lib/public-product.ts';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * SPEC §2: business name, license type, verification status, and lab testing with its results;
 * and the license number (issue 23).
 */
export function SellerInformation({ product }: { product: PublicProduct }) {
  const { seller } = product;
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900">Seller information</h2>
      <dl className="mt-2 divide-y divide-slate-100">
        <Detail term="Business">{seller.businessName}</Detail>
        {/* B&P §26151: an advertisement shows the licensee's license number (decision 213). */}
        <Detail term="License number">{seller.licenseNumber || 'Not stated'}</Detail>
        <Detail term="License type">{seller.licenseType || 'Not stated'}</Detail>
        <Detail term="Verification">
          {seller.isVerified ? (
            <Badge tone="success">Verified Seller</Badge>
          ) : (
            <Badge tone="warning">Verification Pending</Badge>
          )}
        </Detail>
        <Detail term="Lab testing">
          {product.tested ? (
            <span className="flex flex-wrap items-center gap-2">
              <Badge tone="success">Lab Tested</Badge>
              {product.testLink && (
                <a href={product.testLink} target="_blank" rel="noopener noreferrer">
                  View Results
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              )}
            </span>
          ) : (
            'Not lab tested'
          )}
        </Detail>
      </dl>
      {/* Only a verified seller has a storefront (issue 15 item 5). */}
      {seller.isVerified && (
        <p className="mt-3 border-t border-slate-100 pt-3 text-sm">
          <Link to={`/sellers/${seller.sellerId}`}>View seller storefront</Link>
        </p>
      )}
    </Card>
  );
}
