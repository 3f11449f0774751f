import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import type { AdminListing } from '../api/admin-listings-api.ts';
import { useDeleteListing } from '../api/use-listing-moderation.ts';

interface DeleteListingDialogProps {
  /** The listing to delete; null when the dialog is closed. */
  listing: AdminListing | null;
  onClose: () => void;
}

/**
 * SPEC §2: deleting asks first. The dialog names the listing and its seller, and focus starts on
 * the dialog's first control (Close), never on Delete, so a stray Enter deletes nothing.
 */
export function DeleteListingDialog({ listing, onClose }: DeleteListingDialogProps) {
  const remove = useDeleteListing();
  const confirm = (id: string) => remove.mutate(id, { onSuccess: onClose });

  return (
    <Dialog
      open={listing !== null}
      onClose={onClose}
      title="Delete listing?"
      footer={
        listing && (
          <>
            <Button variant="secondary" disabled={remove.isPending} onClick={onClose}>
              Cancel
            </Button>
            <Button variant="danger" isLoading={remove.isPending} onClick={() => confirm(listing._id)}>
              Delete
            </Button>
          </>
        )
      }
    >
      {listing && (
        <p className="text-sm text-slate-700">
          <strong className="font-semibold text-slate-900">“{listing.title}”</strong> by{' '}
          {listing.user_id.profile.businessName || listing.user_id.email} will be deleted with its photos and
          videos. Sellers and buyers will no longer see it. This cannot be undone.
        </p>
      )}
    </Dialog>
  );
}
