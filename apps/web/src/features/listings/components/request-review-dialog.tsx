import { LISTING_MODERATION, type ListingDto, REVIEW_MESSAGE_MAX, reviewRequestBody } from '@canopy/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Textarea } from '@/components/ui/input.tsx';
import { useRequestReview } from '../api/use-listing-status.ts';

interface RequestReviewDialogProps {
  /** The hidden listing; null when the dialog is closed. */
  listing: ListingDto | null;
  onClose: () => void;
}

/** The seller's reply to Canopy's hide: a message that lands in the admins' review queue. */
export function RequestReviewDialog({ listing, onClose }: RequestReviewDialogProps) {
  return (
    <Dialog open={listing !== null} onClose={onClose} title="Request review">
      {listing && <RequestReviewForm listing={listing} onClose={onClose} />}
    </Dialog>
  );
}

function RequestReviewForm({ listing, onClose }: { listing: ListingDto; onClose: () => void }) {
  const id = useId();
  const request = useRequestReview();
  // The API's own body schema, so the dialog refuses exactly what POST …/review-request would.
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof reviewRequestBody>, unknown, z.output<typeof reviewRequestBody>>({
    resolver: zodResolver(reviewRequestBody),
    defaultValues: { message: '' },
  });

  const submit = handleSubmit(({ message }) =>
    request.mutate({ id: listing._id, message }, { onSuccess: onClose }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="space-y-1 text-sm text-slate-700">
        <p className="font-semibold break-words text-slate-900">“{listing.title}”</p>
        <p>{LISTING_MODERATION.hiddenBy(listing.moderation.reason ?? '')}</p>
        <p>
          Tell Canopy what you changed or why the listing should be restored. An admin will answer by e-mail.
        </p>
      </div>
      <FormField id={`${id}-message`} label="Message" required error={errors.message?.message}>
        {(a11y) => <Textarea rows={4} maxLength={REVIEW_MESSAGE_MAX} {...a11y} {...register('message')} />}
      </FormField>
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-3">
        <Button variant="secondary" disabled={request.isPending} onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" isLoading={request.isPending}>
          Send request
        </Button>
      </div>
    </form>
  );
}
