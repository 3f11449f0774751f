import { REASON_MAX } from '@canopy/shared';
import { useId } from 'react';
import { FormField } from '../../../components/ui/form-field.tsx';
import { controlClasses } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';

export interface ReasonValue {
  choice: string;
  details: string;
}

export const EMPTY_REASON: ReasonValue = { choice: '', details: '' };

/** The one `reason` the API stores: the chosen reason, then the admin's own words. */
export const composeReason = ({ choice, details }: ReasonValue) =>
  [choice.trim(), details.trim()].filter(Boolean).join(' — ').slice(0, REASON_MAX);

interface ReasonPickerProps {
  options: readonly string[];
  value: ReasonValue;
  onChange: (value: ReasonValue) => void;
  required: boolean;
  error?: string;
}

/** A short list of usual reasons plus free text (issue 10 item 2); either may carry the reason. */
export function ReasonPicker({ options, value, onChange, required, error }: ReasonPickerProps) {
  const id = useId();
  return (
    <div className="space-y-3">
      <FormField id={`${id}-choice`} label="Reason" required={required} error={error}>
        {(a11y) => (
          <Select
            options={options}
            placeholder="Choose a reason"
            value={value.choice}
            onChange={(event) => onChange({ ...value, choice: event.target.value })}
            {...a11y}
          />
        )}
      </FormField>
      <FormField
        id={`${id}-details`}
        label="Details"
        hint="In your own words. The trader reads this in the e-mail, and it stays in the audit trail."
      >
        {(a11y) => (
          <textarea
            className={`${controlClasses} min-h-20`}
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
