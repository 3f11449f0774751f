import {
  type AnswerWantedInput,
  answerWantedSchema,
  formatLbs,
  OFFER_NOTE_MAX,
  WANTED,
  type WantedPostDto,
} from '@canopy/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog, sendWhenValid } from '@/components/form-dialog.tsx';
import { Alert } from '@/components/ui/alert.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input, Textarea } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { myListingsQueryOptions } from '@/features/listings';
import { notify } from '@/lib/toast.ts';
import { answerWanted, wantedKeys } from '../api/wanted-api.ts';
import { ANSWER_FORM as TEXT } from '../texts.ts';

type Answer = z.output<typeof answerWantedSchema>;

interface AnswerDialogProps {
  post: WantedPostDto;
  onClose: () => void;
}

/**
 * "Answer with a lot": one of the seller's lots that is live in the catalog, a price and a
 * quantity (the buyer's, or the lot's when it has less), and a note. What it sends is an offer,
 * so the rules are the offer's, checked here by the shared schema and again by the server.
 */
export function AnswerDialog({ post, onClose }: AnswerDialogProps) {
  const formId = useId();
  const queryClient = useQueryClient();
  const lots = useQuery({
    ...myListingsQueryOptions(),
    select: (listings) => listings.filter((lot) => lot.is_active && !lot.is_draft && lot.quantity_lbs > 0),
  });
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useForm<AnswerWantedInput, unknown, Answer>({
    resolver: zodResolver(answerWantedSchema),
    defaultValues: { listingId: '', pricePerLb: '', quantityLbs: String(post.quantityLbs), note: '' },
  });
  const noteLeft = OFFER_NOTE_MAX - (watch('note') ?? '').length;
  const available = lots.data ?? [];

  /** Picking a lot fills in its asking price and caps the pounds at what it has. */
  function pick(listingId: string) {
    const lot = available.find((candidate) => candidate._id === listingId);
    if (!lot) return;
    if (lot.asking_price !== null) setValue('pricePerLb', lot.asking_price.toFixed(2));
    setValue('quantityLbs', String(Math.min(post.quantityLbs, lot.quantity_lbs)));
  }

  const lotField = register('listingId');
  return (
    <FormDialog
      open
      onClose={onClose}
      title={TEXT.title}
      submitLabel={TEXT.submit}
      cancelLabel={TEXT.cancel}
      failure={WANTED.answerFailed}
      onSubmit={sendWhenValid(handleSubmit, async (answer) => {
        const sent = await answerWanted(post._id, answer);
        await queryClient.invalidateQueries({ queryKey: wantedKeys.all });
        notify.success(sent.message);
      })}
    >
      <p className="text-sm text-slate-600">{TEXT.about(post.query, formatLbs(post.quantityLbs))}</p>
      {lots.isPending ? (
        <p className="text-sm text-slate-600">{TEXT.loadingLots}</p>
      ) : lots.isError ? (
        <Alert tone="error">{WANTED.answerFailed}</Alert>
      ) : available.length === 0 ? (
        <Alert tone="info">{TEXT.noLots}</Alert>
      ) : (
        <FormField id={`${formId}-lot`} label={TEXT.lot} error={errors.listingId?.message} required>
          {(control) => (
            <Select
              {...control}
              placeholder={TEXT.chooseLot}
              options={available.map((lot) => ({
                value: lot._id,
                label: TEXT.lotOption(lot.title, formatLbs(lot.quantity_lbs)),
              }))}
              {...lotField}
              onChange={(event) => {
                void lotField.onChange(event);
                pick(event.target.value);
              }}
            />
          )}
        </FormField>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${formId}-price`} label={TEXT.price} error={errors.pricePerLb?.message} required>
          {(control) => (
            <Input {...control} inputMode="decimal" autoComplete="off" {...register('pricePerLb')} />
          )}
        </FormField>
        <FormField
          id={`${formId}-quantity`}
          label={TEXT.quantity}
          error={errors.quantityLbs?.message}
          required
        >
          {(control) => (
            <Input {...control} inputMode="decimal" autoComplete="off" {...register('quantityLbs')} />
          )}
        </FormField>
      </div>
      <FormField
        id={`${formId}-note`}
        label={TEXT.note}
        hint={`${TEXT.noteHint} · ${noteLeft} characters left`}
        error={errors.note?.message}
      >
        {(control) => <Textarea {...control} rows={3} {...register('note')} />}
      </FormField>
    </FormDialog>
  );
}
