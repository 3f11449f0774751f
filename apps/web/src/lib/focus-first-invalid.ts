import type { FieldErrors } from 'react-hook-form';
import { errorAt } from '@/components/ui/form-field.tsx';

/**
 * Puts the cursor on the form's first refused control, in the order the page shows them.
 * react-hook-form's own choice follows the order its fields were registered in, which on the
 * registration form put the cursor on the terms checkbox at the bottom (issue 27); the page's
 * order is what a person reads. Forms call it from handleSubmit's refusal, with
 * `shouldFocusError: false`.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, errors: FieldErrors): void {
  for (const element of Array.from(form?.elements ?? [])) {
    const name = element.getAttribute('name');
    if (name && errorAt(errors, name) && element instanceof HTMLElement && !element.matches(':disabled')) {
      element.focus();
      return;
    }
  }
}
