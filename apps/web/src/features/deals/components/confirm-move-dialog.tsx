import { DEAL_REASON_MAX } from '@canopy/shared';
import { type ReactNode, useId, useState } from 'react';
import type { ButtonVariant } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Textarea } from '@/components/ui/input.tsx';
import { FormDialog } from './form-dialog.tsx';

interface ReasonField {
  label: string;
  hint?: string;
  /** The text shown when a required reason is left blank. */
  requiredText?: string;
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
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);

  return (
    <FormDialog
      open={open}
      onClose={() => {
        setText('');
        setMissing(false);
        onClose();
      }}
      title={title}
      submitLabel={confirmLabel}
      cancelLabel={cancelLabel}
      variant={variant}
      failure={failure}
      onSubmit={() => {
        if (reason?.requiredText && !text.trim()) {
          setMissing(true);
          return null;
        }
        return onConfirm(text.trim());
      }}
    >
      <div className="text-sm text-slate-700">{children}</div>
      {reason && (
        <FormField
          id={fieldId}
          label={reason.label}
          hint={reason.hint}
          error={missing && !text.trim() ? reason.requiredText : undefined}
          required={Boolean(reason.requiredText)}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              maxLength={DEAL_REASON_MAX}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          )}
        </FormField>
      )}
    </FormDialog>
  );
}
