import { DEAL_REASON_MAX } from '@canopy/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert.tsx';
import { Button, type ButtonVariant } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Textarea } from '@/components/ui/input.tsx';
import { failureText } from '@/lib/api-client.ts';

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
 * status changes): a move cannot be taken back, so one stray click must not make it. A refusal
 * from the server (the offer was withdrawn meanwhile, say) is said inside the dialog.
 */
export function ConfirmMoveDialog({
  open,
  onClose,
  title,
  children,
  confirmLabel,
  cancelLabel,
  variant = 'primary',
  reason,
  failure,
  onConfirm,
}: ConfirmMoveDialogProps) {
  const formId = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [pending, setPending] = useState(false);

  function close() {
    setText('');
    setProblem(null);
    setMissing(false);
    onClose();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reason?.requiredText && !text.trim()) {
      setMissing(true);
      return;
    }
    setProblem(null);
    setPending(true);
    try {
      await onConfirm(text.trim());
      close();
    } catch (error) {
      setProblem(failureText(error, failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {cancelLabel}
          </Button>
          <Button type="submit" form={formId} variant={variant} isLoading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <div className="text-sm text-slate-700">{children}</div>
        {reason && (
          <FormField
            id={`${formId}-reason`}
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
        {problem && <Alert tone="error">{problem}</Alert>}
      </form>
    </Dialog>
  );
}
