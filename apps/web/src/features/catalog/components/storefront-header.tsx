import {
  countOf,
  SELLER_LICENSE_LABELS,
  type SellerLicenseStanding,
  type StorefrontSellerDto,
} from '@canopy/shared';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';
import { Fact } from '@/components/ui/fact.tsx';
import { DocumentTitle } from '@/components/ui/page-header.tsx';

const STANDING_TONES: Record<SellerLicenseStanding, BadgeTone> = {
  active: 'success',
  expired: 'warning',
  inactive: 'warning',
  unlisted: 'neutral',
};

/** "June 2025": the month is enough to say how long a business has traded here. */
const memberSince = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'America/Los_Angeles',
  }).format(new Date(iso));

/**
 * Who the seller is, in public facts only: the business name, the premises' county, the license
 * number and type and where the license stands in the state registry, when they joined, and how
 * many lots they list. Never an address, phone, e-mail or document (decision 146).
 */
export function StorefrontHeader({ seller }: { seller: StorefrontSellerDto }) {
  return (
    <header className="mb-6 space-y-4">
      <DocumentTitle title={seller.businessName} />
      <div>
        <p className="text-sm font-medium text-slate-600">Seller storefront</p>
        <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
          {seller.businessName}
        </h1>
        <div className="mt-2 flex flex-wrap gap-2">
          <Badge tone="success">Verified Seller</Badge>
          <Badge tone={STANDING_TONES[seller.licenseStanding]}>
            {SELLER_LICENSE_LABELS[seller.licenseStanding]}
          </Badge>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-5">
        <Fact term="County">{seller.county || 'Not stated'}</Fact>
        {/* B&P §26151: an advertisement shows the licensee's license number (decision 213). */}
        <Fact term="License number">{seller.licenseNumber || 'Not stated'}</Fact>
        <Fact term="License type">{seller.licenseType || 'Not stated'}</Fact>
        <Fact term="Member since">
          <time dateTime={seller.memberSince}>{memberSince(seller.memberSince)}</time>
        </Fact>
        <Fact term="Listed now">{countOf(seller.listingCount, 'product')}</Fact>
      </dl>
    </header>
  );
}
