import { LISTING_HIDE_REASONS, LISTING_MODERATION, LISTING_RESTORE_REASONS } from '@canopy/shared';
import type { AdminListing } from '../api/admin-listings-api.ts';
import { useToggleListing } from '../api/use-listing-moderation.ts';
import { ModerationReasonDialog } from './moderation-reason-dialog.tsx';

interface ToggleListingDialogProps {
  /** The listing to activate or deactivate; null when the dialog is closed. */
  listing: AdminListing | null;
  onClose: () => void;
}

const sellerName = (listing: AdminListing) => listing.user_id.profile.businessName || listing.user_id.email;

/** What the toggle will do to this listing, in the words the admin confirms (decision 075). */
function consequence(listing: AdminListing) {
  const name = <strong className="font-semibold text-slate-900">“{listing.title}”</strong>;
  if (listing.is_active) {
    return (
      <p>
        {name} by {sellerName(listing)} leaves the catalog at once. Its seller cannot relist it: only an admin
        can restore it. The seller is e-mailed your reason and can ask for a review.
      </p>
    );
  }
  if (listing.moderation.state === 'hidden') {
    return (
      <>
        <p>
          {name} by {sellerName(listing)}
        </p>
        <p>{LISTING_MODERATION.hiddenBy(listing.moderation.reason ?? '')}</p>
        <p className="mt-2">
          Activating lifts the hide and lists it again; the seller is e-mailed your reason.
        </p>
      </>
    );
  }
  return (
    <p>
      {name} was archived by {sellerName(listing)}. Activating lists it again; the seller is e-mailed your
      reason.
    </p>
  );
}

export function ToggleListingDialog({ listing, onClose }: ToggleListingDialogProps) {
  const toggle = useToggleListing();
  const deactivating = listing?.is_active ?? false;
  return (
    <ModerationReasonDialog
      open={listing !== null}
      title={deactivating ? 'Deactivate listing?' : 'Activate listing?'}
      presets={deactivating ? LISTING_HIDE_REASONS : LISTING_RESTORE_REASONS}
      confirmLabel={deactivating ? 'Deactivate' : 'Activate'}
      confirmVariant={deactivating ? 'danger' : 'primary'}
      isPending={toggle.isPending}
      onConfirm={(reason) => listing && toggle.mutate({ id: listing._id, reason }, { onSuccess: onClose })}
      onClose={onClose}
    >
      {listing && consequence(listing)}
    </ModerationReasonDialog>
  );
}
