import { CONVERSATIONS, contactFormSchema, MESSAGE_MAX, MESSAGE_SUBJECT_MAX } from '@canopy/shared';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input, Textarea } from '@/components/ui/input.tsx';
import { sendFailureText } from '../api/failure-toasts.ts';
import { useContactSeller } from '../api/use-send-message.ts';
import { CONTACT_SELLER } from '../texts.ts';

interface ContactSellerDialogProps {
  open: boolean;
  onClose: () => void;
  productId: string;
  productName: string;
  seller: { sellerId: string; businessName: string };
}

/**
 * The native dialog's focusing steps honour the autofocus attribute, which React only emulates
 * with focus() (too early: the dialog is not shown yet), so the attribute is set directly.
 */
const autofocus = (node: HTMLElement | null) => node?.setAttribute('autofocus', '');

/**
 * The contact form: subject and message, both required. While the modal is open the rest of the
 * page (toasts included) is inert and dimmed, so problems are also said inside the dialog.
 */
export function ContactSellerDialog({
  open,
  onClose,
  productId,
  productName,
  seller,
}: ContactSellerDialogProps) {
  const formId = useId();
  const [subject, setSubject] = useState(() => CONTACT_SELLER.subjectDefault(productName));
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [showInvalid, setShowInvalid] = useState(false);
  const contact = useContactSeller();

  function close() {
    setProblem(null);
    setShowInvalid(false);
    onClose();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = contactFormSchema.safeParse({ subject, message });
    if (!parsed.success) {
      setShowInvalid(true);
      setProblem(parsed.error.issues[0]?.message ?? CONVERSATIONS.fillBoth);
      return;
    }
    setProblem(null);
    contact.mutate(
      {
        receiverId: seller.sellerId,
        listingId: productId,
        subject: parsed.data.subject,
        content: parsed.data.message,
      },
      {
        onSuccess: () => {
          setMessage('');
          close();
        },
        onError: (error) => setProblem(sendFailureText(error)),
      },
    );
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={CONTACT_SELLER.dialogTitle(seller.businessName)}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {CONTACT_SELLER.cancel}
          </Button>
          <Button type="submit" form={formId} isLoading={contact.isPending}>
            {contact.isPending ? CONTACT_SELLER.sending : CONTACT_SELLER.send}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <p className="text-sm text-slate-600">{CONTACT_SELLER.about(productName)}</p>
        <FormField id={`${formId}-subject`} label={CONTACT_SELLER.subject} required>
          {(control) => (
            <Input
              {...control}
              aria-invalid={showInvalid && !subject.trim() ? true : undefined}
              value={subject}
              onChange={(event) => setSubject(event.target.value)}
              maxLength={MESSAGE_SUBJECT_MAX}
            />
          )}
        </FormField>
        <FormField id={`${formId}-message`} label={CONTACT_SELLER.message} required>
          {(control) => (
            <Textarea
              {...control}
              ref={autofocus}
              aria-invalid={showInvalid && !message.trim() ? true : undefined}
              rows={6}
              maxLength={MESSAGE_MAX}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
          )}
        </FormField>
        {problem && <Alert tone="error">{problem}</Alert>}
      </form>
    </Dialog>
  );
}
