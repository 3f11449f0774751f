import type { ListingDto, UserDto } from '@canopy/shared';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '@/components/query-state.tsx';
import { ButtonLink } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { DealsSummary } from '@/features/deals';
import { OverdueInvoices } from '@/features/invoices';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { usePermissions } from '@/lib/auth/use-permissions.ts';
import { type SellerInsights, sellerInsightsQueryOptions } from '../api/insights-api.ts';
import { myListingsQueryOptions } from '../api/listings-api.ts';
import { InsightsTotals } from '../components/insights-totals.tsx';
import {
  ActiveListingActions,
  ArchivedListingActions,
  DraftListingActions,
  HiddenListingActions,
} from '../components/listing-actions.tsx';
import { ListingRows } from '../components/listing-rows.tsx';
import { RequestReviewDialog } from '../components/request-review-dialog.tsx';
import { SellerStats } from '../components/seller-stats.tsx';
import { listingsLoadFailure } from '../load-failure.ts';

/** SPEC: the welcome uses the business name, else the contact name, else "Seller". */
function sellerWelcomeName(user: UserDto | null): string {
  return user?.profile?.businessName || user?.profile?.contactName || 'Seller';
}

const NEW_LISTING_PATH = '/seller/listings/new';
/** Issue 24 item 3 (decision 232): many lots at once from a CSV file. */
const IMPORT_PATH = '/dashboard/import';
/** Issue 25 item 1 (decision 241): prices, terms and private lots for groups of buyers. */
const BUYER_GROUPS_PATH = '/dashboard/buyer-groups';

function SellerListings() {
  const listings = useQuery(myListingsQueryOptions());
  const insights = useQuery(sellerInsightsQueryOptions());
  const [reviewing, setReviewing] = useState<ListingDto | null>(null);

  return (
    <>
      <QueryState query={listings} loading="Loading your listings" error={listingsLoadFailure}>
        {(mine) => <ListingSections listings={mine} insights={insights} onRequestReview={setReviewing} />}
      </QueryState>
      <RequestReviewDialog listing={reviewing} onClose={() => setReviewing(null)} />
    </>
  );
}

interface ListingSectionsProps {
  listings: ListingDto[];
  insights: UseQueryResult<SellerInsights>;
  onRequestReview: (listing: ListingDto) => void;
}

function ListingSections({ listings, insights, onRequestReview }: ListingSectionsProps) {
  const { may } = usePermissions();
  const active = listings.filter((listing) => listing.is_active);
  // Drafts were never listed: their own section, with Publish (decision 165).
  const drafts = listings.filter((listing) => listing.is_draft);
  const archived = listings.filter((listing) => !listing.is_active && !listing.is_draft);
  return (
    <div className="space-y-10">
      <SellerStats listings={listings} />
      <InsightsTotals query={insights} />
      <DealsSummary />
      {may('invoices:read') && <OverdueInvoices />}

      <section aria-labelledby="active-listings" className="space-y-4">
        <h2 id="active-listings" className="text-lg font-semibold text-slate-900">
          Active Listings
        </h2>
        {active.length === 0 ? (
          <EmptyState
            title="No active listings"
            description="List a product lot so licensed buyers can find it."
            action={
              may('listings:write') && (
                <ButtonLink to={NEW_LISTING_PATH}>Create Your First Listing</ButtonLink>
              )
            }
          />
        ) : (
          <ListingRows
            listings={active}
            caption="Active listings"
            insights={insights.data}
            actions={
              may('listings:write') ? (listing) => <ActiveListingActions listing={listing} /> : undefined
            }
          />
        )}
      </section>

      {drafts.length > 0 && (
        <section aria-labelledby="draft-listings" className="space-y-4">
          <h2 id="draft-listings" className="text-lg font-semibold text-slate-900">
            Drafts
          </h2>
          <ListingRows
            listings={drafts}
            caption="Draft listings"
            actions={
              may('listings:write') ? (listing) => <DraftListingActions listing={listing} /> : undefined
            }
          />
        </section>
      )}

      {archived.length > 0 && (
        <section aria-labelledby="archived-listings" className="space-y-4">
          <h2 id="archived-listings" className="text-lg font-semibold text-slate-900">
            Archived
          </h2>
          <ListingRows
            listings={archived}
            caption="Archived listings"
            archived
            insights={insights.data}
            actions={
              may('listings:write')
                ? (listing) =>
                    listing.moderation.state === 'hidden' ? (
                      <HiddenListingActions listing={listing} onRequestReview={onRequestReview} />
                    ) : (
                      <ArchivedListingActions listing={listing} />
                    )
                : undefined
            }
          />
        </section>
      )}
    </div>
  );
}

export function SellerDashboardPage() {
  const { user } = useAuth();
  const { may } = usePermissions();
  return (
    <PageContainer>
      <PageHeader
        title="Seller Dashboard"
        description={`Welcome back, ${sellerWelcomeName(user)}`}
        actions={
          may('listings:write') && (
            <>
              <ButtonLink to={NEW_LISTING_PATH}>Create New Listing</ButtonLink>
              <ButtonLink to={IMPORT_PATH} variant="secondary">
                Import lots
              </ButtonLink>
              <ButtonLink to={BUYER_GROUPS_PATH} variant="secondary">
                Buyer groups
              </ButtonLink>
            </>
          )
        }
      />
      <SellerListings />
    </PageContainer>
  );
}
