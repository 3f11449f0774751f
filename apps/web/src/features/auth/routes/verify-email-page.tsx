import { AUTH, VERIFY_REDIRECT_MS } from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { ApiError, failureText, NetworkError } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { verifyEmail } from '../api/auth-api.ts';
import { AuthCard } from '../components/auth-card.tsx';

function VerificationFailed({ message }: { message: string }) {
  return (
    <AuthCard title="Verification failed">
      <p role="alert" className="text-slate-700">
        {message}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to="/account-type-selection">Register Again</ButtonLink>
        <ButtonLink to="/login" variant="secondary">
          Back to Login
        </ButtonLink>
      </div>
    </AuthCard>
  );
}

/** The link did its work before (decision 131): nothing failed, the next step is signing in. */
function AlreadyVerified() {
  const { user } = useAuth();
  return (
    <AuthCard title={AUTH.verifyAlreadyDoneTitle}>
      <p role="status" className="text-slate-700">
        {AUTH.verifyAlreadyDone}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        {user ? (
          <ButtonLink to="/dashboard">Continue</ButtonLink>
        ) : (
          <ButtonLink to="/login">Sign in</ButtonLink>
        )}
      </div>
    </AuthCard>
  );
}

const isAlreadyVerified = (error: Error) => error instanceof ApiError && error.body?.alreadyVerified === true;

export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const navigate = useNavigate();
  const { startSession } = useAuth();

  // A query rather than an effect: it runs once per token even when React mounts twice, and a
  // verification token only works once.
  const verification = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token ?? ''),
    enabled: Boolean(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const session = verification.data?.data;
  useEffect(() => {
    if (!verification.isSuccess) return;
    if (session?.token && session.user) startSession(session.token, session.user);
    // Decision: sellers go to their dashboard as SPEC says; everyone else to /dashboard, which
    // routes by role (or to sign-in when no session came back).
    const target = session?.token && session.user?.role === 'seller' ? '/seller' : '/dashboard';
    const timer = setTimeout(() => navigate(target, { replace: true }), VERIFY_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [verification.isSuccess, session, startSession, navigate]);

  if (!token) return <VerificationFailed message={AUTH.verifyNoToken} />;
  if (verification.isError) {
    const { error } = verification;
    if (isAlreadyVerified(error)) return <AlreadyVerified />;
    return (
      <VerificationFailed
        message={error instanceof NetworkError ? AUTH.networkError : failureText(error, AUTH.verifyFailed)}
      />
    );
  }
  if (verification.isSuccess) {
    return (
      <AuthCard title={AUTH.emailVerified}>
        <p role="status" className="text-slate-700">
          Thank you for confirming your e-mail address. Taking you to your account…
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Verifying your email">
      <div className="flex items-center gap-3 text-slate-700">
        <Spinner label="Verifying your email" />
        <span>Checking your verification link…</span>
      </div>
    </AuthCard>
  );
}
