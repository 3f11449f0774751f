import { LISTING_MODERATION, type ListingReviewHistoryDto } from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ProductDetails } from '@/features/catalog';
import { formatPacificDate } from '@/lib/time.ts';
import {
  type ListingHistoryEntry,
  type ListingPreview,
  listingPreviewQueryOptions,
} from '../api/admin-listings-api.ts';
import { auditActionWords } from './audit-display.ts';

interface ListingPreviewDialogProps {
  /** The listing to show; null when the dialog is closed. */
  listingId: string | null;
  onClose: () => void;
}

/** The listing as a buyer would see it on its product page (without the contact button). */
function PublicView({ preview }: { preview: ListingPreview }) {
  return (
    <section aria-label="Public view">
      <ProductDetails key={preview.product._id} product={preview.product} preview />
    </section>
  );
}

function HistoryEntry({ entry }: { entry: ListingHistoryEntry }) {
  return (
    <li className="py-2">
      <p className="flex flex-wrap gap-x-2 text-sm">
        <span className="font-medium text-slate-900">{auditActionWords(entry.action)}</span>
        <span className="text-slate-600">
          by {entry.admin.email} on {formatPacificDate(entry.createdAt)}
        </span>
      </p>
      <p className="text-sm text-slate-700">Reason: {entry.reason ?? 'none recorded'}</p>
    </li>
  );
}

const outcome = (request: ListingReviewHistoryDto) =>
  request.resolution === null
    ? 'Waiting for an admin'
    : `${request.resolution === 'restore' ? 'Restored' : 'Kept hidden'}: ${request.resolutionReason ?? ''}`;

function ModerationHistory({ preview }: { preview: ListingPreview }) {
  const { history, reviewRequests } = preview;
  return (
    <section aria-labelledby="moderation-history" className="space-y-3">
      <h3 id="moderation-history" className="text-base font-semibold text-slate-900">
        Moderation history
      </h3>
      {history.length === 0 ? (
        <p className="text-sm text-slate-600">No admin has acted on this listing.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {history.map((entry) => (
            <HistoryEntry key={entry._id} entry={entry} />
          ))}
        </ul>
      )}
      {reviewRequests.length > 0 && (
        <>
          <h4 className="text-sm font-semibold text-slate-900">Seller's review requests</h4>
          <ul className="divide-y divide-slate-100">
            {reviewRequests.map((request) => (
              <li key={request._id} className="py-2 text-sm">
                <p className="text-slate-600">{formatPacificDate(request.createdAt)}</p>
                <p className="break-words whitespace-pre-line text-slate-900">“{request.message}”</p>
                <p className="text-slate-700">{outcome(request)}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function StateNotice({ preview }: { preview: ListingPreview }) {
  const { moderation, is_active } = preview.listing;
  if (moderation.state === 'hidden') {
    return (
      <Alert tone="warning" title={LISTING_MODERATION.hiddenBy(moderation.reason ?? '')}>
        {moderation.review_pending && <p>The seller has asked for a review.</p>}
      </Alert>
    );
  }
  if (!is_active) return <Alert tone="info" title="Archived by the seller: not in the catalog" />;
  return null;
}

/** Item 5 of issue 10: a read-only look at any listing, whatever its state, before acting on it. */
export function ListingPreviewDialog({ listingId, onClose }: ListingPreviewDialogProps) {
  return (
    <Dialog open={listingId !== null} onClose={onClose} title="Listing preview" wide>
      {listingId && <PreviewBody listingId={listingId} />}
    </Dialog>
  );
}

function PreviewBody({ listingId }: { listingId: string }) {
  const preview = useQuery(listingPreviewQueryOptions(listingId));
  if (preview.isPending) return <Spinner label="Loading the listing" />;
  if (preview.isError) return <Alert tone="error" title={LISTING_MODERATION.previewFailed} />;
  return (
    <div className="space-y-6">
      <StateNotice preview={preview.data} />
      <PublicView preview={preview.data} />
      <ModerationHistory preview={preview.data} />
    </div>
  );
}
