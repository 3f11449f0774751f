import { AUTH, TWO_FACTOR, type TwoFactorVerifyInput } from '@canopy/shared';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { failureText, NetworkError } from '@/lib/api-client.ts';
import { useCodeForm } from '@/lib/forms/use-code-form.ts';
import { type SessionPayload, verifyTwoFactor } from '../api/auth-api.ts';

interface TwoFactorStepProps {
  twoFactorToken: TwoFactorVerifyInput['twoFactorToken'];
  onSignedIn: (session: SessionPayload) => void;
  /** Back to the e-mail and password, e.g. when the step has expired. */
  onRestart: () => void;
}

/** The second step of a sign-in with two-factor sign-in on: a code from the app or a recovery code. */
export function TwoFactorStep({ twoFactorToken, onSignedIn, onRestart }: TwoFactorStepProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useCodeForm(async (code) => {
    setFailure(null);
    try {
      onSignedIn(await verifyTwoFactor({ twoFactorToken, code }));
    } catch (error) {
      setFailure(
        error instanceof NetworkError ? AUTH.loginNetwork : failureText(error, TWO_FACTOR.codeInvalid),
      );
    }
  });

  return (
    <form noValidate onSubmit={form.onSubmit} className="space-y-5">
      {failure && <Alert tone="error">{failure}</Alert>}
      <p className="text-sm text-slate-700">{TWO_FACTOR.codeNeeded}</p>
      <FormField
        id="two-factor-code"
        label="Authentication code"
        hint="Lost your phone? Enter one of your recovery codes instead."
        error={form.error}
        required
      >
        {(control) => (
          // One field for both kinds of code: no numeric keypad, so a recovery code can be typed.
          <Input autoComplete="one-time-code" autoFocus spellCheck={false} {...control} {...form.field} />
        )}
      </FormField>
      <Button type="submit" className="w-full" isLoading={form.isSubmitting}>
        {form.isSubmitting ? 'Checking…' : 'Verify'}
      </Button>
      <Button type="button" variant="ghost" className="w-full" onClick={onRestart}>
        Start again
      </Button>
    </form>
  );
}
