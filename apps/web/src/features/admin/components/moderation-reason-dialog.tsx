import { composeReason, moderationReasonBody } from '@canopy/shared';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { Button, type ButtonVariant } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { OTHER_REASON, ReasonPicker, useReasonForm } from './reason-picker.tsx';

/**
 * The picker's choice and own words read as the one `reason` the API's body schema checks, so the
 * dialog refuses a blank or overlong reason with the server's own words. "Other" adds nothing to
 * the reason: the own words are all of it.
 */
const reasonForm = z
  .object({ choice: z.string(), details: z.string() })
  .transform(({ choice, details }) => ({
    reason: composeReason(choice === OTHER_REASON ? '' : choice, details),
  }))
  .pipe(moderationReasonBody);

interface ModerationReasonDialogProps {
  open: boolean;
  title: string;
  /** What the action does, shown above the reason. */
  children: ReactNode;
  /** The short list; "Other" (own words only) is always offered too. */
  presets: readonly string[];
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  isPending: boolean;
  /** Called with the reason as the server stores it: "Preset: own words". */
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/**
 * Every admin action on a listing is confirmed here with a reason (decision 076): a choice from
 * a short list plus the admin's own words, which the seller reads in the e-mail and the audit
 * trail keeps. Focus starts on Close, so a stray Enter confirms nothing.
 */
export function ModerationReasonDialog(props: ModerationReasonDialogProps) {
  return (
    <Dialog open={props.open} onClose={props.onClose} title={props.title}>
      {/* Mounted only while open, so each opening starts with an empty reason. */}
      {props.open && <ReasonForm {...props} />}
    </Dialog>
  );
}

function ReasonForm({
  children,
  presets,
  confirmLabel,
  confirmVariant = 'primary',
  isPending,
  onConfirm,
  onClose,
}: ModerationReasonDialogProps) {
  const { picker, handleSubmit } = useReasonForm(reasonForm);

  return (
    <form onSubmit={handleSubmit(({ reason }) => onConfirm(reason))} noValidate className="space-y-4">
      <div className="text-sm text-slate-700">{children}</div>
      <ReasonPicker
        options={presets}
        offerOther
        {...picker}
        required
        hint="Quoted in the e-mail to the seller and kept in the audit trail."
      />
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-3">
        <Button variant="secondary" disabled={isPending} onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant={confirmVariant} isLoading={isPending}>
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}
