import { AUTH } from '@canopy/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { adminEmail } from '@/lib/runtime-config.ts';
import { LOGIN } from '@/lib/texts.ts';
import { notify, notifyFailure } from '@/lib/toast.ts';
import { resendVerification } from '../api/auth-api.ts';

/**
 * Resending the verification e-mail (SPEC §4): the server counts attempts; at 0, or on a 429, the
 * option goes away and the user is pointed to support.
 */
export function useResendVerification(email: string, initialAttemptsLeft?: number) {
  const [attemptsLeft, setAttemptsLeft] = useState(initialAttemptsLeft);
  const mutation = useMutation({
    mutationFn: () => resendVerification(email),
    onSuccess: ({ attemptsLeft: left }) => {
      setAttemptsLeft(left);
      notify.success(AUTH.resendSent(left));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'resend_limit_reached') {
        setAttemptsLeft(0);
        notify.error(AUTH.resendLimit);
      } else {
        notifyFailure(error, AUTH.resendFailed);
      }
    },
  });
  return {
    attemptsLeft,
    exhausted: attemptsLeft === 0,
    resend: () => mutation.mutate(),
    isPending: mutation.isPending,
  };
}

interface ResendVerificationProps {
  exhausted: boolean;
  isPending: boolean;
  onResend: () => void;
}

/** The resend button, or, once no attempts are left, the way to reach support instead. */
export function ResendVerification({ exhausted, isPending, onResend }: ResendVerificationProps) {
  if (exhausted) {
    return (
      <Alert tone="warning">
        {AUTH.resendLimit} Write to <a href={`mailto:${adminEmail()}`}>{adminEmail()}</a>.
      </Alert>
    );
  }
  return (
    <Button variant="secondary" onClick={onResend} isLoading={isPending}>
      {LOGIN.resendVerification}
    </Button>
  );
}
