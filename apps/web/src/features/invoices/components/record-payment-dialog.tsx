import {
  californiaToday,
  formatUsd,
  type InvoiceStandingDto,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_REFERENCE_MAX,
  type RecordPaymentInput,
  recordPaymentSchema,
} from '@canopy/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '@/components/form-dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useRecordPayment } from '../api/invoices-api.ts';
import { PAYMENT_FORM } from '../texts.ts';

type Payment = z.output<typeof recordPaymentSchema>;

const METHOD_OPTIONS = PAYMENT_METHODS.map((method) => ({
  value: method,
  label: PAYMENT_METHOD_LABELS[method],
}));

/** Typed text until the schema reads it; the method defaults to ACH and the date to today. */
const blank = (): RecordPaymentInput => ({
  amount: '',
  method: 'ach',
  paidAt: californiaToday(),
  reference: '',
});

interface RecordPaymentDialogProps {
  open: boolean;
  onClose: () => void;
  standing: InvoiceStandingDto;
}

/**
 * The seller's record of money received: amount, method, date and an optional reference, checked
 * by the API's own schema as typed. A payment past the balance is the server's to refuse (another
 * may have been recorded meanwhile); its text is shown under the amount, like the form's own.
 */
export function RecordPaymentDialog({ open, onClose, standing }: RecordPaymentDialogProps) {
  const formId = useId();
  const record = useRecordPayment(standing.orderId);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<RecordPaymentInput, unknown, Payment>({
    resolver: zodResolver(recordPaymentSchema),
    defaultValues: blank(),
  });

  async function submit(): Promise<boolean> {
    let sent = false;
    await handleSubmit(async (payment) => {
      const body: RecordPaymentInput = { ...payment, reference: payment.reference ?? undefined };
      try {
        await record.mutateAsync(body);
        sent = true;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'payment_over_balance') {
          setError('amount', { message: error.message });
          return;
        }
        throw error;
      }
    })();
    return sent;
  }

  return (
    <FormDialog
      open={open}
      onClose={() => {
        reset(blank());
        onClose();
      }}
      title={PAYMENT_FORM.title}
      submitLabel={PAYMENT_FORM.submit}
      cancelLabel={PAYMENT_FORM.cancel}
      failure={PAYMENT_FORM.failed}
      onSubmit={submit}
    >
      <p className="text-sm text-slate-600">
        {PAYMENT_FORM.about(standing.number, formatUsd(standing.balance))}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={`${formId}-amount`}
          label={PAYMENT_FORM.amount}
          error={errors.amount?.message}
          required
        >
          {(control) => <Input {...control} inputMode="decimal" autoComplete="off" {...register('amount')} />}
        </FormField>
        <FormField
          id={`${formId}-method`}
          label={PAYMENT_FORM.method}
          error={errors.method?.message}
          required
        >
          {(control) => <Select {...control} options={METHOD_OPTIONS} {...register('method')} />}
        </FormField>
      </div>
      <FormField id={`${formId}-paid-at`} label={PAYMENT_FORM.paidAt} error={errors.paidAt?.message} required>
        {(control) => <Input {...control} type="date" max={californiaToday()} {...register('paidAt')} />}
      </FormField>
      <FormField
        id={`${formId}-reference`}
        label={PAYMENT_FORM.reference}
        hint={PAYMENT_FORM.referenceHint}
        error={errors.reference?.message}
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            maxLength={PAYMENT_REFERENCE_MAX}
            {...register('reference')}
          />
        )}
      </FormField>
    </FormDialog>
  );
}
