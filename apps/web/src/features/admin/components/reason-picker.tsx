import { composeReason, type profileChangeDecisionBody, REASON_MAX, REVIEW } from '@canopy/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { type FieldValues, useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorAt, FormField } from '@/components/ui/form-field.tsx';
import { Textarea } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';

export interface ReasonValue {
  choice: string;
  details: string;
}

export const EMPTY_REASON: ReasonValue = { choice: '', details: '' };

/** The choice that says "my own words only"; it never becomes part of the reason. */
export const OTHER_REASON = 'other';

/**
 * The `reason` an account decision sends: the choice, " — ", then the admin's own words, cut to
 * what the API stores (listing actions refuse an overlong reason instead, see ModerationReasonDialog).
 */
export const accountReason = ({ choice, details }: ReasonValue) =>
  composeReason(choice, details, ' — ').slice(0, REASON_MAX);

/**
 * The picker read as an account decision's `reason` by the API's body schema (`body`: PUT
 * /admin/users/:id/status's or a profile-change decision's, both `adminReasonField`). Whether a
 * blank reason is refused is the service's rule, asked of `needed` when the form is checked; the
 * refusal is in the server's words.
 */
export function accountReasonSchema(body: typeof profileChangeDecisionBody, needed: () => boolean) {
  return z
    .object({ choice: z.string(), details: z.string() })
    .transform((value): { reason?: string } => ({ reason: accountReason(value) }))
    .pipe(body)
    .refine(({ reason }) => !needed() || reason !== null, {
      path: ['reason'],
      message: REVIEW.reasonRequired,
    });
}

/** The "Details" hint on account decisions; the trader, not a seller of one listing, reads them. */
export const ACCOUNT_REASON_HINT =
  'In your own words. The trader reads this in the e-mail, and it stays in the audit trail.';

/**
 * A form of the picker's two parts whose `schema` reads them as the one `reason` an API body
 * carries, so its refusal (at `reason`) is the server's. Spread `picker` onto ReasonPicker.
 */
export function useReasonForm<Valid extends FieldValues>(schema: z.ZodType<Valid, ReasonValue>) {
  const { watch, setValue, clearErrors, handleSubmit, formState } = useForm<ReasonValue, unknown, Valid>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY_REASON,
  });
  const picker = {
    value: watch(),
    onChange: (next: ReasonValue) => {
      setValue('choice', next.choice);
      setValue('details', next.details);
      // The refusal is of the reason as a whole, so a change to either part clears it.
      clearErrors();
    },
    error: errorAt(formState.errors, 'reason'),
  };
  return { picker, handleSubmit };
}

interface ReasonPickerProps {
  options: readonly string[];
  value: ReasonValue;
  onChange: (value: ReasonValue) => void;
  required: boolean;
  error?: string;
  /** Under "Details": who reads the admin's words. */
  hint: string;
  /** Also offer "Other (describe below)", for which the own words are the whole reason. */
  offerOther?: boolean;
}

/**
 * A short list of usual reasons plus free text (issue 10 item 2, decision 076), used by every
 * admin action on an account or a listing; either part may carry the reason.
 */
export function ReasonPicker({
  options,
  value,
  onChange,
  required,
  error,
  hint,
  offerOther,
}: ReasonPickerProps) {
  const id = useId();
  return (
    <div className="space-y-3">
      {/* No usual reasons to choose from: the admin's own words are the whole note. */}
      {(options.length > 0 || offerOther) && (
        <FormField id={`${id}-choice`} label="Reason" required={required} error={error}>
          {(a11y) => (
            <Select
              name="reason"
              options={
                offerOther ? [...options, { value: OTHER_REASON, label: 'Other (describe below)' }] : options
              }
              placeholder="Choose a reason"
              value={value.choice}
              onChange={(event) => onChange({ ...value, choice: event.target.value })}
              {...a11y}
            />
          )}
        </FormField>
      )}
      <FormField id={`${id}-details`} label="Details" hint={hint}>
        {(a11y) => (
          <Textarea
            name="details"
            rows={3}
            className="min-h-20"
            maxLength={REASON_MAX}
            value={value.details}
            onChange={(event) => onChange({ ...value, details: event.target.value })}
            {...a11y}
          />
        )}
      </FormField>
    </div>
  );
}
