import { Button } from '../../../components/ui/button.tsx';
import type { AdminListing } from '../api/admin-listings-api.ts';
import { useToggleListing } from '../api/use-listing-moderation.ts';
import { useRefocusAfterBusy } from './use-refocus-after-busy.ts';

interface ListingModerationActionsProps {
  listing: AdminListing;
  /** Deleting asks first, so the tab owns the confirmation dialog. */
  onDelete: (listing: AdminListing) => void;
}

export function ListingModerationActions({ listing, onDelete }: ListingModerationActionsProps) {
  const toggle = useToggleListing();
  const toggleButton = useRefocusAfterBusy(toggle.isPending);
  const verb = listing.is_active ? 'Deactivate' : 'Activate';
  return (
    <>
      <Button
        ref={toggleButton}
        variant="secondary"
        size="sm"
        aria-label={`${verb} ${listing.title}`}
        isLoading={toggle.isPending}
        onClick={() => toggle.mutate(listing._id)}
      >
        {verb}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Delete ${listing.title}`}
        aria-haspopup="dialog"
        onClick={() => onDelete(listing)}
      >
        Delete
      </Button>
    </>
  );
}
