import { type ComponentProps, type ReactNode, useId } from 'react';

type CheckboxProps = Omit<ComponentProps<'input'>, 'type'> & {
  label: ReactNode;
  description?: ReactNode;
  error?: string;
};

/** A checkbox with its label (and optional description and error) wired up for screen readers. */
export function Checkbox({ label, description, error, id, ...props }: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const descriptionId = `${inputId}-description`;
  const errorId = `${inputId}-error`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={inputId}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 rounded border-slate-400 accent-brand-700"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...props}
        />
        <div className="text-sm">
          <label htmlFor={inputId} className="font-medium text-slate-800">
            {label}
          </label>
          {description && (
            <p id={descriptionId} className="text-slate-600">
              {description}
            </p>
          )}
        </div>
      </div>
      <div aria-live="polite">
        {error && (
          <p id={errorId} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
