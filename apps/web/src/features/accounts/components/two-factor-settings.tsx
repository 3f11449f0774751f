import {
  TWO_FACTOR,
  type TwoFactorDisableInput,
  type TwoFactorSetupResponse,
  twoFactorDisableSchema,
  type UserDto,
} from '@canopy/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { useCodeForm } from '@/lib/forms/use-code-form.ts';
import { notify, notifyFailure } from '@/lib/toast.ts';
import { profileQueryKey } from '../api/profile-api.ts';
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup } from '../api/two-factor-api.ts';

// The Security tab of Profile Settings (decision 195): turning two-factor sign-in on with an
// authenticator app, keeping the recovery codes, and turning it off again.

type Setup = TwoFactorSetupResponse['data'];

/** The key as apps ask for it to be typed: groups of four, easier to copy by eye. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export function TwoFactorSettings({ user }: { user: UserDto }) {
  const { updateUser } = useAuth();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);

  const changed = (twoFactorEnabled: boolean) => {
    updateUser({ ...user, twoFactorEnabled });
    void queryClient.invalidateQueries({ queryKey: profileQueryKey });
  };

  const start = async () => {
    setStarting(true);
    try {
      setSetup(await startTwoFactorSetup());
    } catch (error) {
      notifyFailure(error, 'Could not start the set-up. Please try again.');
    } finally {
      setStarting(false);
    }
  };

  if (recoveryCodes) {
    return (
      <RecoveryCodes
        codes={recoveryCodes}
        onDone={() => {
          setRecoveryCodes(null);
          changed(true);
        }}
      />
    );
  }
  if (user.twoFactorEnabled) return <TurnOff onTurnedOff={() => changed(false)} />;
  if (setup) {
    return (
      <ConfirmSetup
        setup={setup}
        onEnabled={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
        }}
        onCancel={() => setSetup(null)}
      />
    );
  }
  return (
    <section aria-labelledby="two-factor-heading" className="max-w-xl space-y-4">
      <h2 id="two-factor-heading" className="text-lg font-semibold text-slate-900">
        Two-factor sign-in is off
      </h2>
      <p className="text-sm text-slate-700">
        With two-factor sign-in, signing in takes your password and a code from an authenticator app on your
        phone (Google Authenticator, 1Password, Authy, Microsoft Authenticator or any other). Someone who
        learns your password still cannot sign in as you.
      </p>
      {user.role === 'admin' && <Alert tone="warning">{TWO_FACTOR.adminMustEnrol}</Alert>}
      <Button onClick={() => void start()} isLoading={starting}>
        Set up two-factor sign-in
      </Button>
    </section>
  );
}

function ConfirmSetup({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: Setup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const form = useCodeForm(async (code) => {
    try {
      const answer = await enableTwoFactor(code);
      notify.success(answer.message);
      onEnabled(answer.data.recoveryCodes);
    } catch (error) {
      notifyFailure(error, TWO_FACTOR.codeInvalid);
    }
  });
  return (
    <form noValidate onSubmit={form.onSubmit} className="max-w-xl space-y-5">
      <h2 className="text-lg font-semibold text-slate-900">Set up two-factor sign-in</h2>
      <ol className="list-decimal space-y-4 pl-5 text-sm text-slate-700">
        <li>
          <p>
            In your authenticator app, add an account and enter this key (time-based), or{' '}
            <a href={setup.otpauthUrl}>open it in the app</a> on this device.
          </p>
          <p className="mt-2 rounded-md bg-slate-100 px-3 py-2 font-mono text-base tracking-wider break-all text-slate-900">
            <span className="sr-only">Key: </span>
            <span data-testid="two-factor-key">{grouped(setup.secret)}</span>
          </p>
        </li>
        <li>Enter the 6-digit code the app shows for Canopy.</li>
      </ol>
      <FormField id="two-factor-setup-code" label="Code from the app" error={form.error} required>
        {(control) => (
          <Input autoComplete="one-time-code" inputMode="numeric" autoFocus {...control} {...form.field} />
        )}
      </FormField>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" isLoading={form.isSubmitting}>
          {form.isSubmitting ? 'Turning on…' : 'Turn on'}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const download = () => {
    const text = `Canopy recovery codes (each works once)\n\n${codes.join('\n')}\n`;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'canopy-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <section aria-labelledby="recovery-codes-heading" className="max-w-xl space-y-4">
      <h2 id="recovery-codes-heading" className="text-lg font-semibold text-slate-900">
        Save your recovery codes
      </h2>
      <p className="text-sm text-slate-700">
        If you lose your phone, sign in with one of these codes instead of an app code. Each works once, and
        they are shown only now: download or print them and keep them somewhere safe.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-base text-slate-900">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-3 py-1.5 text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={download}>
          Download codes
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </section>
  );
}

type DisableInput = z.input<typeof twoFactorDisableSchema>;

function TurnOff({ onTurnedOff }: { onTurnedOff: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<DisableInput, unknown, TwoFactorDisableInput>({
    resolver: zodResolver(twoFactorDisableSchema),
    defaultValues: { password: '', code: '' },
  });
  const onSubmit = async (input: TwoFactorDisableInput) => {
    try {
      const answer = await disableTwoFactor(input);
      notify.success(answer.message);
      onTurnedOff();
    } catch (error) {
      notifyFailure(error, 'Could not turn two-factor sign-in off. Please try again.');
    }
  };
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="max-w-md space-y-5">
      <h2 className="text-lg font-semibold text-slate-900">Two-factor sign-in is on</h2>
      <p className="text-sm text-slate-700">
        Signing in asks for a code from your authenticator app. To turn it off, confirm with your password and
        a current code (or a recovery code).
      </p>
      <FormField id="two-factor-off-password" label="Password" error={errors.password?.message} required>
        {(control) => (
          <Input type="password" autoComplete="current-password" {...control} {...register('password')} />
        )}
      </FormField>
      <FormField id="two-factor-off-code" label="Authentication code" error={errors.code?.message} required>
        {(control) => <Input autoComplete="one-time-code" {...control} {...register('code')} />}
      </FormField>
      <Button type="submit" variant="danger" isLoading={isSubmitting}>
        {isSubmitting ? 'Turning off…' : 'Turn off two-factor sign-in'}
      </Button>
    </form>
  );
}
