import { composeReason, LISTING_MODERATION, REASON_MAX } from '@canopy/shared';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button, type ButtonVariant } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { EMPTY_REASON, OTHER_REASON, ReasonPicker } from './reason-picker.tsx';

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
  const [value, setValue] = useState(EMPTY_REASON);
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const other = value.choice === OTHER_REASON;
    const reason = composeReason(other ? '' : value.choice, value.details);
    if (!reason || (other && !value.details.trim())) {
      setError(LISTING_MODERATION.reasonRequired);
      return;
    }
    if (reason.length > REASON_MAX) {
      setError(LISTING_MODERATION.reasonTooLong);
      return;
    }
    setError(undefined);
    onConfirm(reason);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="text-sm text-slate-700">{children}</div>
      <ReasonPicker
        options={presets}
        offerOther
        value={value}
        onChange={(next) => {
          setValue(next);
          setError(undefined);
        }}
        required
        error={error}
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
