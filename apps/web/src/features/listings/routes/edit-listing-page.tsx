import { LISTING_MODERATION, LISTINGS, type ListingDto } from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { QueryState } from '@/components/query-state.tsx';
import { Alert } from '@/components/ui/alert.tsx';
import { ButtonLink } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { myListingsQueryOptions } from '../api/listings-api.ts';
import { ListingForm } from '../listing-form/listing-form.tsx';
import { listingsLoadFailure } from '../load-failure.ts';

/** The API has no single-listing call for sellers; the dashboard's list (usually cached) holds it. */
function EditableListing({ listingId }: { listingId: string }) {
  const listings = useQuery(myListingsQueryOptions());
  // Bumped by "Reload listing" once the list is fetched again: a fresh form with the current values.
  // (Not the version itself: the refetch after a successful save must not remount the form that is
  // about to leave.)
  const [generation, setGeneration] = useState(0);
  const reload = async () => {
    await listings.refetch();
    setGeneration((current) => current + 1);
  };
  return (
    <QueryState query={listings} loading="Loading the listing" error={listingsLoadFailure}>
      {(mine) => (
        <ListingToEdit
          listing={mine.find((candidate) => candidate._id === listingId)}
          generation={generation}
          onReload={() => void reload()}
        />
      )}
    </QueryState>
  );
}

interface ListingToEditProps {
  listing: ListingDto | undefined;
  generation: number;
  onReload: () => void;
}

function ListingToEdit({ listing, generation, onReload }: ListingToEditProps) {
  if (!listing) {
    return (
      <EmptyState
        title={LISTINGS.notFound}
        action={<ButtonLink to="/seller">Back to Seller Dashboard</ButtonLink>}
      />
    );
  }
  // Keyed so that opening another listing, or reloading this one after it changed (decision 165),
  // starts a fresh form with its current values.
  const form = <ListingForm key={`${listing._id}:${generation}`} listing={listing} onReload={onReload} />;
  if (listing.moderation.state !== 'hidden') return form;
  // Saving corrects a hidden listing but does not list it again (decision 075).
  return (
    <div className="space-y-6">
      <Alert tone="info" title={LISTING_MODERATION.hiddenBy(listing.moderation.reason ?? '')}>
        <p>
          Your changes are saved but the listing stays hidden. Use "Request review" on your Seller Dashboard
          to ask Canopy to restore it.
        </p>
      </Alert>
      {form}
    </div>
  );
}

export function EditListingPage() {
  const { id = '' } = useParams();
  return (
    <PageContainer width="medium">
      <PageHeader title="Edit Listing" />
      <EditableListing listingId={id} />
    </PageContainer>
  );
}
