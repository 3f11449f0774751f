import type { ListingDto } from '@canopy/shared';
import { Card } from '@/components/ui/card.tsx';

/** SPEC §2's three stat cards: active count, views summed over every listing, archived count. */
export function SellerStats({ listings }: { listings: ListingDto[] }) {
  const active = listings.filter((listing) => listing.is_active).length;
  const stats = [
    { label: 'Active Listings', value: active },
    { label: 'Total Views', value: listings.reduce((sum, listing) => sum + listing.views_count, 0) },
    // A draft was never listed, so it is not archived either (decision 165).
    {
      label: 'Archived',
      value: listings.filter((listing) => !listing.is_active && !listing.is_draft).length,
    },
  ];
  return (
    <dl className="grid grid-cols-3 gap-3 sm:gap-4">
      {stats.map(({ label, value }) => (
        <Card key={label} className="p-3 sm:p-5">
          <dt className="text-xs font-medium text-slate-600 sm:text-sm">{label}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900 sm:mt-2 sm:text-3xl">
            {value.toLocaleString('en-US')}
          </dd>
        </Card>
      ))}
    </dl>
  );
}
