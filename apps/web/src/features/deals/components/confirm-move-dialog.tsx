import { DEAL_REASON_MAX } from '@canopy/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog, sendWhenValid } from '@/components/form-dialog.tsx';
import type { ButtonVariant } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Textarea } from '@/components/ui/input.tsx';

/** The reason as a move's body carries it; the field always holds a string. */
type ReasonBody = { reason?: string | null };

/** A schema that reads `{ reason }` as the move's request body: its refusals are the API's own. */
type ReasonSchema = z.ZodType<{ reason: string | null }, ReasonBody>;

interface ReasonField {
  label: string;
  hint?: string;
  /** The move's body schema: whether a blank reason is refused, and in which words. */
  schema: ReasonSchema;
  /** Marks the field required; the schema does the refusing. */
  required?: boolean;
}

interface ConfirmMoveDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  variant?: ButtonVariant;
  /** Asks for a reason (declining, cancelling); without it the dialog is a plain confirmation. */
  reason?: ReasonField;
  /** Fallback text when the move fails without the server saying why. */
  failure: string;
  /** Called with the reason as the schema read it: trimmed, and '' when none was given. */
  onConfirm: (reason: string) => Promise<unknown>;
}

/**
 * The confirmation every deal move passes through (accept, decline, withdraw, and the order's
 * status changes): a move cannot be taken back, so one stray click must not make it.
 */
export function ConfirmMoveDialog({
  open,
  onClose,
  title,
  children,
  confirmLabel,
  cancelLabel,
  variant,
  reason,
  failure,
  onConfirm,
}: ConfirmMoveDialogProps) {
  const fieldId = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ReasonBody, unknown, { reason: string | null }>({
    // A plain confirmation has no field to check.
    resolver: reason ? zodResolver(reason.schema) : undefined,
    defaultValues: { reason: '' },
  });

  return (
    <FormDialog
      open={open}
      onClose={() => {
        reset();
        onClose();
      }}
      title={title}
      submitLabel={confirmLabel}
      cancelLabel={cancelLabel}
      variant={variant}
      failure={failure}
      onSubmit={sendWhenValid(handleSubmit, (values) => onConfirm(values.reason ?? ''))}
    >
      <div className="text-sm text-slate-700">{children}</div>
      {reason && (
        <FormField
          id={fieldId}
          label={reason.label}
          hint={reason.hint}
          error={errors.reason?.message}
          required={reason.required}
        >
          {(control) => (
            <Textarea {...control} rows={3} maxLength={DEAL_REASON_MAX} {...register('reason')} />
          )}
        </FormField>
      )}
    </FormDialog>
  );
}
