import type { ReactNode } from 'react';
import type { FieldError, FieldErrors } from 'react-hook-form';

/**
 * The message react-hook-form holds for a field, by its dotted path ("profile.address.city").
 * The walk is our own rather than react-hook-form's `get`: importing that one function made every
 * screen with a field (the catalog's filters among them) load the whole form and schema vendor
 * chunk before it could draw (decision 172).
 */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  let node: unknown = errors;
  for (const key of path.split('.')) {
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return (node as FieldError | undefined)?.message;
}

/** The attributes a control needs so its label, hint and error are announced with it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

interface FormFieldProps {
  id: string;
  label: ReactNode;
  /** Usually text; a node when the message carries a link. */
  error?: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * Label, control, hint and error in one block. The error sits in a live region that always
 * exists, so screen readers announce it as soon as validation writes it.
 */
export function FormField({ id, label, error, hint, required = false, children }: FormFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className="space-y-1.5">
      {/* The asterisk sits outside the label so the label's text is exactly the field's name;
          screen readers learn "required" from aria-required instead. */}
      <div className="flex gap-1 text-sm font-medium">
        <label htmlFor={id} className="text-slate-800">
          {label}
        </label>
        {required && (
          <span className="text-red-700" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
        'aria-required': required ? true : undefined,
      })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <div aria-live="polite">
        {error && (
          <p id={errorId} className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
