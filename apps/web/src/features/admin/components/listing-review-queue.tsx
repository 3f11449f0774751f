import {
  LISTING_KEEP_HIDDEN_REASONS,
  LISTING_MODERATION,
  LISTING_RESTORE_REASONS,
  type ListingReviewRequestDto,
  type ReviewDecision,
} from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '@/components/query-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { formatPacificDate } from '@/lib/time.ts';
import { listingReviewsQueryOptions } from '../api/admin-listings-api.ts';
import { useAnswerReviewRequest } from '../api/use-listing-moderation.ts';
import { ModerationReasonDialog } from './moderation-reason-dialog.tsx';

interface Answering {
  request: ListingReviewRequestDto;
  decision: ReviewDecision;
}

interface ListingReviewQueueProps {
  /** Opens the read-only preview of a listing. */
  onPreview: (listingId: string) => void;
}

function RequestCard({
  request,
  onPreview,
  onAnswer,
}: {
  request: ListingReviewRequestDto;
  onPreview: () => void;
  onAnswer: (decision: ReviewDecision) => void;
}) {
  const { listing, seller } = request;
  return (
    <li className="rounded-lg border border-amber-200 bg-white p-4 text-sm shadow-sm">
      <p className="font-medium break-words text-slate-900">{listing.title}</p>
      <p className="text-slate-600">
        {seller.businessName || seller.email} · asked {formatPacificDate(request.createdAt)}
      </p>
      <p className="mt-2 text-slate-700">{LISTING_MODERATION.hiddenBy(listing.hiddenReason ?? '')}</p>
      <figure className="mt-2 border-l-4 border-slate-200 pl-3">
        <figcaption className="text-xs font-medium tracking-wide text-slate-600 uppercase">
          Seller's message
        </figcaption>
        <blockquote className="break-words whitespace-pre-line text-slate-900">{request.message}</blockquote>
      </figure>
      <div className="mt-3 flex flex-wrap gap-2 border-t border-slate-100 pt-3">
        <Button variant="secondary" size="sm" aria-label={`Preview ${listing.title}`} onClick={onPreview}>
          Preview
        </Button>
        <Button size="sm" aria-label={`Restore ${listing.title}`} onClick={() => onAnswer('restore')}>
          Restore
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Keep ${listing.title} hidden`}
          onClick={() => onAnswer('keep_hidden')}
        >
          Keep hidden
        </Button>
      </div>
    </li>
  );
}

/**
 * Sellers' replies to hidden listings, oldest first (decision 075). Shown above the listings only
 * while any wait, so the tab reads as before when there is nothing to answer.
 */
export function ListingReviewQueue({ onPreview }: ListingReviewQueueProps) {
  const [page, setPage] = useState(1);
  const [answering, setAnswering] = useState<Answering | null>(null);
  const requests = useQuery(listingReviewsQueryOptions(page));
  const answer = useAnswerReviewRequest();

  const restoring = answering?.decision === 'restore';
  const title = answering?.request.listing.title ?? '';
  return (
    <QueryState
      query={requests}
      loading="Loading review requests"
      error="The review requests could not be loaded."
      retry={false}
      isEmpty={({ pagination }) => pagination.total === 0}
    >
      {({ data, pagination }) => (
        <section aria-labelledby="listing-review-requests" className="space-y-3">
          <h3 id="listing-review-requests" className="text-base font-semibold text-slate-900">
            Review requests ({pagination.total.toLocaleString('en-US')})
          </h3>
          <ul className="grid gap-3 md:grid-cols-2">
            {data.map((request) => (
              <RequestCard
                key={request._id}
                request={request}
                onPreview={() => onPreview(request.listing._id)}
                onAnswer={(decision) => setAnswering({ request, decision })}
              />
            ))}
          </ul>
          <Pagination
            page={page}
            pages={pagination.pages}
            onPageChange={setPage}
            label="Review request pages"
          />

          <ModerationReasonDialog
            open={answering !== null}
            title={restoring ? 'Restore listing?' : 'Keep listing hidden?'}
            presets={restoring ? LISTING_RESTORE_REASONS : LISTING_KEEP_HIDDEN_REASONS}
            confirmLabel={restoring ? 'Restore' : 'Keep hidden'}
            isPending={answer.isPending}
            onConfirm={(reason) =>
              answering &&
              answer.mutate(
                { requestId: answering.request._id, decision: answering.decision, reason },
                { onSuccess: () => setAnswering(null) },
              )
            }
            onClose={() => setAnswering(null)}
          >
            <p>
              {restoring
                ? `“${title}” goes back into the catalog. The seller is e-mailed your reason.`
                : `“${title}” stays hidden. The seller is e-mailed your reason and can ask again.`}
            </p>
          </ModerationReasonDialog>
        </section>
      )}
    </QueryState>
  );
}
