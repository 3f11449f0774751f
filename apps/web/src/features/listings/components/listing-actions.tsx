import { LISTING_TOOLS, type ListingDto } from '@canopy/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge.tsx';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { useDuplicateListing, useListingStatus } from '../api/use-listing-status.ts';

function EditListingLink({ listing }: { listing: ListingDto }) {
  return (
    <ButtonLink
      to={`/seller/listings/${listing._id}/edit`}
      variant="secondary"
      size="sm"
      aria-label={`Edit ${listing.title}`}
    >
      Edit
    </ButtonLink>
  );
}

/** Copies the listing into a draft and opens the copy's form (decision 165). */
function DuplicateButton({ listing }: { listing: ListingDto }) {
  const navigate = useNavigate();
  const duplicate = useDuplicateListing((copy) => navigate(`/seller/listings/${copy._id}/edit`));
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={`${LISTING_TOOLS.duplicate} ${listing.title}`}
      isLoading={duplicate.isPending}
      onClick={() => duplicate.mutate(listing._id)}
    >
      {LISTING_TOOLS.duplicate}
    </Button>
  );
}

/** Deleting a draft is for good, so it asks first (decision 194). */
function DeleteDraftButton({ listing }: { listing: ListingDto }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useListingStatus('delete');
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`${LISTING_TOOLS.deleteDraft} ${listing.title}`}
        aria-haspopup="dialog"
        onClick={() => setConfirming(true)}
      >
        {LISTING_TOOLS.deleteDraft}
      </Button>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={LISTING_TOOLS.deleteDraftTitle(listing.title)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {LISTING_TOOLS.keepDraft}
            </Button>
            <Button
              variant="danger"
              isLoading={remove.isPending}
              onClick={() => remove.mutate(listing._id, { onSettled: () => setConfirming(false) })}
            >
              {LISTING_TOOLS.deleteDraftConfirm}
            </Button>
          </>
        }
      >
        <p>{LISTING_TOOLS.deleteDraftBody}</p>
      </Dialog>
    </>
  );
}

/** A draft's Edit, Publish and Delete: publishing lists it in the catalog. */
export function DraftListingActions({ listing }: { listing: ListingDto }) {
  const publish = useListingStatus('publish');
  return (
    <>
      <EditListingLink listing={listing} />
      <Button
        size="sm"
        aria-label={`${LISTING_TOOLS.publish} ${listing.title}`}
        isLoading={publish.isPending}
        onClick={() => publish.mutate(listing._id)}
      >
        {LISTING_TOOLS.publish}
      </Button>
      <DeleteDraftButton listing={listing} />
    </>
  );
}

/** An active listing's Edit and Archive (SPEC §4: archiving asks for no confirmation). */
export function ActiveListingActions({ listing }: { listing: ListingDto }) {
  const archive = useListingStatus('archive');
  return (
    <>
      <EditListingLink listing={listing} />
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Archive ${listing.title}`}
        isLoading={archive.isPending}
        onClick={() => archive.mutate(listing._id)}
      >
        Archive
      </Button>
      <DuplicateButton listing={listing} />
    </>
  );
}

export function ArchivedListingActions({ listing }: { listing: ListingDto }) {
  const relist = useListingStatus('relist');
  return (
    <>
      <Button
        size="sm"
        aria-label={`Relist ${listing.title}`}
        isLoading={relist.isPending}
        onClick={() => relist.mutate(listing._id)}
      >
        Relist
      </Button>
      <DuplicateButton listing={listing} />
    </>
  );
}

/**
 * A listing Canopy hid (decision 075): no Relist, since only an admin can lift the hide. The
 * seller may correct it (Edit keeps it hidden) and ask for a review, once at a time.
 */
export function HiddenListingActions({
  listing,
  onRequestReview,
}: {
  listing: ListingDto;
  onRequestReview: (listing: ListingDto) => void;
}) {
  return (
    <>
      <EditListingLink listing={listing} />
      {listing.moderation.review_pending ? (
        <Badge tone="info">Review requested</Badge>
      ) : (
        <Button
          size="sm"
          aria-label={`Request review of ${listing.title}`}
          aria-haspopup="dialog"
          onClick={() => onRequestReview(listing)}
        >
          Request review
        </Button>
      )}
    </>
  );
}
