import { type InvoiceCorrectionInput, type InvoiceDto, invoiceCorrectionSchema } from '@canopy/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog, sendWhenValid } from '@/components/form-dialog.tsx';
import { errorAt, FormField } from '@/components/ui/form-field.tsx';
import { Input, Textarea } from '@/components/ui/input.tsx';
import { useCorrectInvoice } from '../api/fulfilment-api.ts';
import { CORRECTION_FORM } from '../texts.ts';

/** Each line's discount as typed, and the reason. */
interface Values {
  discounts: string[];
  reason: string;
}

/** The typed discounts read as the API's body (lines are numbered from 1, in the invoice's order). */
const formSchema = z
  .custom<Values>()
  .transform(
    ({ discounts, reason }): InvoiceCorrectionInput => ({
      lines: discounts.map((discount, index) => ({
        position: index + 1,
        discount: discount.trim() === '' ? Number.NaN : Number(discount),
      })),
      reason,
    }),
  )
  .pipe(invoiceCorrectionSchema);

const startingValues = (invoice: InvoiceDto): Values => ({
  discounts: invoice.lines.map((line) => line.discount.toFixed(2)),
  reason: '',
});

/**
 * The seller's correction of the invoice before transit (decision 216): a discount per line and
 * an optional reason. The server refuses a discount above its line, and any correction once the
 * order is in transit; its words are said inside the dialog.
 */
export function CorrectionDialog({
  orderId,
  invoice,
  open,
  onClose,
}: {
  orderId: string;
  invoice: InvoiceDto;
  open: boolean;
  onClose: () => void;
}) {
  const formId = useId();
  const correct = useCorrectInvoice();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof invoiceCorrectionSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: startingValues(invoice),
  });
  const error = (path: string) => errorAt(errors as FieldErrors, path);

  return (
    <FormDialog
      open={open}
      onClose={() => {
        reset(startingValues(invoice));
        onClose();
      }}
      title={CORRECTION_FORM.title}
      submitLabel={CORRECTION_FORM.submit}
      cancelLabel={CORRECTION_FORM.cancel}
      failure={CORRECTION_FORM.failed}
      onSubmit={sendWhenValid(handleSubmit, ({ lines, reason }) =>
        correct.mutateAsync({ id: orderId, body: { lines, ...(reason ? { reason } : {}) } }),
      )}
    >
      <p className="text-sm text-slate-600">{CORRECTION_FORM.intro}</p>
      {invoice.lines.map((line, index) => (
        <FormField
          key={line.description}
          id={`${formId}-discount-${index}`}
          label={CORRECTION_FORM.discount(index + 1, line.description)}
          error={error(`lines.${index}.discount`)}
          required
        >
          {(field) => (
            <Input {...field} inputMode="decimal" autoComplete="off" {...register(`discounts.${index}`)} />
          )}
        </FormField>
      ))}
      <FormField
        id={`${formId}-reason`}
        label={CORRECTION_FORM.reason}
        hint={CORRECTION_FORM.reasonHint}
        error={error('reason')}
      >
        {(field) => <Textarea {...field} rows={2} {...register('reason')} />}
      </FormField>
    </FormDialog>
  );
}
