import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { FieldValues, UseFormHandleSubmit } from 'react-hook-form';
import { Alert } from '@/components/ui/alert.tsx';
import { Button, type ButtonVariant } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { failureText } from '@/lib/api-client.ts';

/**
 * A FormDialog `onSubmit` from react-hook-form's `handleSubmit` and the call that sends the valid
 * values: true once sent, false when the resolver refused the fields.
 */
export function sendWhenValid<Values extends FieldValues, Valid>(
  handleSubmit: UseFormHandleSubmit<Values, Valid>,
  send: (values: Valid) => Promise<unknown>,
): () => Promise<boolean> {
  return async () => {
    let sent = false;
    await handleSubmit(async (values) => {
      await send(values);
      sent = true;
    })();
    return sent;
  };
}

interface FormDialogProps {
  open: boolean;
  /** Also where the caller resets its fields. */
  onClose: () => void;
  title: string;
  submitLabel: string;
  cancelLabel: string;
  variant?: ButtonVariant;
  /** Said when the move fails without the server saying why. */
  failure: string;
  /**
   * Checks the fields and sends them: true once sent, false when the fields are refused (the
   * caller shows why); a rejection is the server's refusal, said inside the dialog.
   */
  onSubmit: () => Promise<boolean>;
  children: ReactNode;
}

/**
 * The frame of every deal form (an offer, a counter-offer, a confirmation with or without a
 * reason): Cancel and the submit button, progress while it is sent, and the server's refusal
 * said inside the dialog, since the modal keeps the page's toasts behind its backdrop.
 */
export function FormDialog({
  open,
  onClose,
  title,
  submitLabel,
  cancelLabel,
  variant = 'primary',
  failure,
  onSubmit,
  children,
}: FormDialogProps) {
  const formId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  function close() {
    setProblem(null);
    onClose();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    setPending(true);
    try {
      if (await onSubmit()) close();
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
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        {children}
        {problem && <Alert tone="error">{problem}</Alert>}
      </form>
    </Dialog>
  );
}
