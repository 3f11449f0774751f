import { AUTH, loginSchema } from '@canopy/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { failureText, NetworkError } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { safeRedirect } from '@/lib/redirect.ts';
import { LOGIN } from '@/lib/texts.ts';
import { notify } from '@/lib/toast.ts';
import {
  type EmailVerificationRequirement,
  emailVerificationRequirement,
  login,
  type SessionPayload,
  twoFactorRequirement,
} from '../api/auth-api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ResendVerification, useResendVerification } from '../components/resend-verification.tsx';
import { TwoFactorStep } from '../components/two-factor-step.tsx';

type LoginInput = z.input<typeof loginSchema>;
type Login = z.output<typeof loginSchema>;

export function LoginPage() {
  const { startSession } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirectParam = searchParams.get('redirect');
  const [failure, setFailure] = useState<string | null>(null);
  const [verification, setVerification] = useState<(EmailVerificationRequirement & { email: string }) | null>(
    null,
  );
  /** Set when the password was right and the account asks for a second factor. */
  const [twoFactorToken, setTwoFactorToken] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, Login>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const signedIn = (session: SessionPayload) => {
    if (session.user.role === 'seller' && session.user.status === 'pending') {
      notify.warning(LOGIN.pendingSellerWarning);
    }
    startSession(session.token, session.user);
    navigate(safeRedirect(redirectParam, '/dashboard'), { replace: true });
  };

  const onSubmit = async (credentials: Login) => {
    setFailure(null);
    setVerification(null);
    try {
      signedIn(await login(credentials));
    } catch (error) {
      const requirement = emailVerificationRequirement(error);
      const secondFactor = twoFactorRequirement(error);
      if (secondFactor) setTwoFactorToken(secondFactor.twoFactorToken);
      else if (requirement) setVerification({ ...requirement, email: credentials.email });
      else if (error instanceof NetworkError) setFailure(AUTH.loginNetwork);
      else setFailure(failureText(error, AUTH.invalidCredentials));
    }
  };

  const registerHref = redirectParam
    ? `/account-type-selection?redirect=${encodeURIComponent(redirectParam)}`
    : '/account-type-selection';

  return (
    <AuthCard
      title="Sign in to Canopy"
      description="Welcome back. Sign in with the e-mail address of your business account."
      footer={
        <>
          New to Canopy? <Link to={registerHref}>Create an account</Link>
        </>
      }
    >
      {twoFactorToken ? (
        <TwoFactorStep
          twoFactorToken={twoFactorToken}
          onSignedIn={signedIn}
          onRestart={() => setTwoFactorToken(null)}
        />
      ) : (
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
          {failure && <Alert tone="error">{failure}</Alert>}
          {verification && <EmailVerificationNotice {...verification} />}

          <FormField id="email" label="Email" error={errors.email?.message} required>
            {(control) => <Input type="email" autoComplete="email" {...control} {...register('email')} />}
          </FormField>
          <FormField id="password" label="Password" error={errors.password?.message} required>
            {(control) => (
              <Input type="password" autoComplete="current-password" {...control} {...register('password')} />
            )}
          </FormField>

          <div className="flex justify-end text-sm">
            <Link to="/forgot-password">Forgot your password?</Link>
          </div>

          <Button type="submit" className="w-full" isLoading={isSubmitting}>
            {isSubmitting ? 'Signing in…' : 'Sign in'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

function EmailVerificationNotice({
  email,
  canResend,
  attemptsLeft: initial,
}: EmailVerificationRequirement & { email: string }) {
  const { attemptsLeft = initial, exhausted, resend, isPending } = useResendVerification(email, initial);
  return (
    <div className="space-y-3">
      <Alert tone="warning">{AUTH.verifyEmailFirst(attemptsLeft)}</Alert>
      {canResend && attemptsLeft > 0 && (
        <ResendVerification exhausted={exhausted} isPending={isPending} onResend={resend} />
      )}
    </div>
  );
}
