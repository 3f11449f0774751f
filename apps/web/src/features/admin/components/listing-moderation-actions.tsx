import { Button } from '@/components/ui/button.tsx';
import type { AdminListing } from '../api/admin-listings-api.ts';

interface ListingModerationActionsProps {
  listing: AdminListing;
  /** Each action asks first (with a reason), so the tab owns the dialogs. */
  onPreview: (listing: AdminListing) => void;
  onToggle: (listing: AdminListing) => void;
  onDelete: (listing: AdminListing) => void;
}

export function ListingModerationActions({
  listing,
  onPreview,
  onToggle,
  onDelete,
}: ListingModerationActionsProps) {
  const verb = listing.is_active ? 'Deactivate' : 'Activate';
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Preview ${listing.title}`}
        aria-haspopup="dialog"
        onClick={() => onPreview(listing)}
      >
        Preview
      </Button>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`${verb} ${listing.title}`}
        aria-haspopup="dialog"
        onClick={() => onToggle(listing)}
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
