import { SAMPLE_GRAMS_MAX, SAMPLE_NOTE_MAX, sampleRequestSchema } from '@canopy/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog, sendWhenValid } from '@/components/form-dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input, Textarea } from '@/components/ui/input.tsx';
import { useRequestSample } from '../api/samples-api.ts';
import { SAMPLE_FORM } from '../texts.ts';

/** The request's fields, checked by the API's own schema, so its refusals read the same. */
const formSchema = sampleRequestSchema.omit({ listingId: true });

interface Props {
  open: boolean;
  onClose: () => void;
  onSent: () => void;
  listingId: string;
  listingTitle: string;
  sellerName: string;
}

export function RequestSampleDialog({ open, onClose, onSent, listingId, listingTitle, sellerName }: Props) {
  const gramsId = useId();
  const noteId = useId();
  const request = useRequestSample();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(formSchema), defaultValues: { grams: 3, note: '' } });

  // Closing forgets what was typed: the next request starts from the defaults.
  const close = () => {
    reset();
    onClose();
  };

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={SAMPLE_FORM.title(sellerName)}
      submitLabel={SAMPLE_FORM.send}
      cancelLabel={SAMPLE_FORM.cancel}
      failure={SAMPLE_FORM.failed}
      onSubmit={sendWhenValid(handleSubmit, async (values) => {
        await request.mutateAsync({ listingId, ...values });
        onSent();
      })}
    >
      <p className="text-sm text-slate-700">{SAMPLE_FORM.lot(listingTitle)}</p>
      <FormField
        id={gramsId}
        label={SAMPLE_FORM.grams}
        hint={SAMPLE_FORM.gramsHint}
        error={errors.grams?.message}
        required
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            max={SAMPLE_GRAMS_MAX}
            step={1}
            {...register('grams')}
          />
        )}
      </FormField>
      <FormField id={noteId} label={SAMPLE_FORM.note} error={errors.note?.message}>
        {(control) => <Textarea {...control} rows={3} maxLength={SAMPLE_NOTE_MAX} {...register('note')} />}
      </FormField>
    </FormDialog>
  );
}
