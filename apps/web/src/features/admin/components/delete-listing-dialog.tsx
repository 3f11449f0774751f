import { countOf, LISTING_HIDE_REASONS, type ListingDeletionSummaryDto } from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import { Spinner } from '@/components/ui/spinner.tsx';
import { type AdminListing, listingPreviewQueryOptions } from '../api/admin-listings-api.ts';
import { useDeleteListing } from '../api/use-listing-moderation.ts';
import { ModerationReasonDialog } from './moderation-reason-dialog.tsx';

interface DeleteListingDialogProps {
  /** The listing to delete; null when the dialog is closed. */
  listing: AdminListing | null;
  onClose: () => void;
}

function mediaLine({ images, videos }: ListingDeletionSummaryDto): string {
  if (images + videos === 0) return 'No photos or videos';
  return `${countOf(images, 'photo')} and ${countOf(videos, 'video')}`;
}

/** What goes with the listing, from the server's count (issue 10: delete shows what it deletes). */
function DeletionSummary({ listing }: { listing: AdminListing }) {
  const preview = useQuery(listingPreviewQueryOptions(listing._id));
  if (preview.isPending) return <Spinner label="Counting what will be deleted" />;
  if (preview.isError) return <p>What the listing holds could not be loaded; deleting removes all of it.</p>;
  const { deletion } = preview.data;
  return (
    <ul className="mt-2 list-disc space-y-1 pl-5" aria-label="Will be deleted">
      <li>The listing and its details</li>
      <li>{mediaLine(deletion)}</li>
      <li>{deletion.labResults ? 'Its lab results' : 'No lab results'}</li>
      <li>
        {deletion.conversations === 0
          ? 'No conversations name it'
          : deletion.conversations === 1
            ? '1 conversation keeps its messages but loses its link to this listing'
            : `${countOf(deletion.conversations, 'conversation')} keep their messages but lose their link to this listing`}
      </li>
    </ul>
  );
}

/**
 * SPEC §2: deleting asks first; issue 10 adds what is deleted and a reason, which the seller is
 * e-mailed. Focus starts on the dialog's Close, never on Delete.
 */
export function DeleteListingDialog({ listing, onClose }: DeleteListingDialogProps) {
  const remove = useDeleteListing();
  return (
    <ModerationReasonDialog
      open={listing !== null}
      title="Delete listing?"
      presets={LISTING_HIDE_REASONS}
      confirmLabel="Delete"
      confirmVariant="danger"
      isPending={remove.isPending}
      onConfirm={(reason) => listing && remove.mutate({ id: listing._id, reason }, { onSuccess: onClose })}
      onClose={onClose}
    >
      {listing && (
        <>
          <p>
            <strong className="font-semibold text-slate-900">“{listing.title}”</strong> by{' '}
            {listing.user_id.profile.businessName || listing.user_id.email} will be deleted. Sellers and
            buyers will no longer see it. This cannot be undone.
          </p>
          <DeletionSummary listing={listing} />
        </>
      )}
    </ModerationReasonDialog>
  );
}
