import { Link, useSearchParams } from 'react-router';
import { EmailAddress } from '@/components/email-address.tsx';
import { ButtonLink } from '@/components/ui/button.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { ResendVerification, useResendVerification } from '../components/resend-verification.tsx';

export function CheckEmailPage() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email') ?? '';
  const { exhausted, resend, isPending } = useResendVerification(email);

  return (
    <AuthCard
      title="Check your email"
      description={
        email ? (
          <>
            We sent a verification link to{' '}
            <strong className="text-slate-900">
              <EmailAddress address={email} />
            </strong>
            .
          </>
        ) : (
          'We sent a verification link to the e-mail address you registered with.'
        )
      }
    >
      <h2 className="text-sm font-semibold text-slate-900">Next steps</h2>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Open the e-mail from Canopy (check your spam folder if it is not there).</li>
        <li>Click the verification link to confirm your address.</li>
        <li>Our team reviews your license, usually within 24-48 hours on business days.</li>
        <li>We e-mail you as soon as your account is approved.</li>
      </ol>

      <div className="mt-6 space-y-3">
        {email && <ResendVerification exhausted={exhausted} isPending={isPending} onResend={resend} />}
        <div className="flex flex-wrap gap-3">
          <ButtonLink to="/login">Back to Login</ButtonLink>
          <ButtonLink to="/" variant="secondary">
            Home
          </ButtonLink>
        </div>
      </div>
      <p className="mt-6 text-xs text-slate-600">
        Wrong address? <Link to="/account-type-selection">Register again</Link> with the right one.
      </p>
    </AuthCard>
  );
}
