import { type ContactForm, contactFormSchema, MESSAGE_MAX, MESSAGE_SUBJECT_MAX } from '@canopy/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
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
  const [sendFailure, setSendFailure] = useState<string | null>(null);
  const contact = useContactSeller();
  const {
    register,
    handleSubmit,
    setValue,
    clearErrors,
    formState: { errors },
  } = useForm<ContactForm>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: { subject: CONTACT_SELLER.subjectDefault(productName), message: '' },
  });
  const messageField = register('message');
  // One line says what is wrong, the subject's problem first (both blank say the same words).
  const problem = errors.subject?.message ?? errors.message?.message ?? sendFailure;

  function close() {
    setSendFailure(null);
    clearErrors();
    onClose();
  }

  const submit = handleSubmit(({ subject, message }) => {
    setSendFailure(null);
    contact.mutate(
      { receiverId: seller.sellerId, listingId: productId, subject, content: message },
      {
        onSuccess: () => {
          setValue('message', '');
          close();
        },
        onError: (error) => setSendFailure(sendFailureText(error)),
      },
    );
  });

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
              aria-invalid={errors.subject ? true : undefined}
              maxLength={MESSAGE_SUBJECT_MAX}
              {...register('subject')}
            />
          )}
        </FormField>
        <FormField id={`${formId}-message`} label={CONTACT_SELLER.message} required>
          {(control) => (
            <Textarea
              {...control}
              aria-invalid={errors.message ? true : undefined}
              rows={6}
              maxLength={MESSAGE_MAX}
              {...messageField}
              ref={(node) => {
                messageField.ref(node);
                autofocus(node);
              }}
            />
          )}
        </FormField>
        {problem && <Alert tone="error">{problem}</Alert>}
      </form>
    </Dialog>
  );
}
