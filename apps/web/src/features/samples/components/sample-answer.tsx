import { type SampleDto, sampleDeclineSchema } from '@canopy/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmMoveDialog } from '@/features/deals';
import { usePermissions } from '@/lib/auth/use-permissions.ts';
import { useApproveSample, useDeclineSample } from '../api/samples-api.ts';
import { SAMPLES_PAGE } from '../texts.ts';

/** The seller's two answers to a waiting request, each confirmed; absent for a member who may not sell. */
export function SampleAnswer({ sample }: { sample: SampleDto }) {
  const [move, setMove] = useState<'approve' | 'decline' | null>(null);
  const approve = useApproveSample();
  const decline = useDeclineSample();
  const maySell = usePermissions().may('offers:sell');
  if (!maySell || sample.status !== 'requested') return null;
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        onClick={() => setMove('approve')}
        aria-label={`${SAMPLES_PAGE.approve}: ${sample.listingTitle}, ${sample.buyer.businessName}`}
      >
        {SAMPLES_PAGE.approve}
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => setMove('decline')}
        aria-label={`${SAMPLES_PAGE.decline}: ${sample.listingTitle}, ${sample.buyer.businessName}`}
      >
        {SAMPLES_PAGE.decline}
      </Button>
      <ConfirmMoveDialog
        open={move === 'approve'}
        onClose={() => setMove(null)}
        title={SAMPLES_PAGE.approveTitle}
        confirmLabel={SAMPLES_PAGE.approveConfirm}
        cancelLabel={SAMPLES_PAGE.keep}
        failure={SAMPLES_PAGE.answerFailed}
        onConfirm={() => approve.mutateAsync(sample._id)}
      >
        {SAMPLES_PAGE.approveBody(sample.grams, sample.buyer.businessName)}
      </ConfirmMoveDialog>
      <ConfirmMoveDialog
        open={move === 'decline'}
        onClose={() => setMove(null)}
        title={SAMPLES_PAGE.declineTitle}
        confirmLabel={SAMPLES_PAGE.declineConfirm}
        cancelLabel={SAMPLES_PAGE.keep}
        variant="danger"
        reason={{ label: SAMPLES_PAGE.declineReason, schema: sampleDeclineSchema }}
        failure={SAMPLES_PAGE.answerFailed}
        onConfirm={(reason) => decline.mutateAsync({ id: sample._id, body: { reason: reason || null } })}
      >
        {SAMPLES_PAGE.declineBody}
      </ConfirmMoveDialog>
    </div>
  );
}
