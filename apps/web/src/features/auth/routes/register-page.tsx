import { REGISTRATION_ROLES, type RegistrationRole } from '@canopy/shared';
import { Link, Navigate, useSearchParams } from 'react-router';
import { loginPath } from '@/lib/redirect.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { RegistrationForm } from '../components/registration-form.tsx';

const isRegistrationRole = (value: string | null): value is RegistrationRole =>
  (REGISTRATION_ROLES as readonly (string | null)[]).includes(value);

const COPY: Record<RegistrationRole, { title: string; description: string }> = {
  buyer: {
    title: 'Create a buyer account',
    description: 'Browse lots from licensed California sellers and message them directly.',
  },
  seller: {
    title: 'Create a seller account',
    description: 'List your product lots for licensed California buyers once we have reviewed your license.',
  },
};

export function RegisterPage() {
  const [searchParams] = useSearchParams();
  const type = searchParams.get('type');
  if (!isRegistrationRole(type)) return <Navigate to="/account-type-selection" replace />;

  const otherType = type === 'buyer' ? 'seller' : 'buyer';
  const redirect = searchParams.get('redirect') ?? undefined;

  return (
    <AuthCard
      width="medium"
      title={COPY[type].title}
      description={
        <>
          {COPY[type].description}{' '}
          <Link to={`/register?type=${otherType}`}>Register as a {otherType} instead</Link>.
        </>
      }
      footer={
        <>
          Already have an account? <Link to={loginPath(redirect)}>Sign in</Link>
        </>
      }
    >
      {/* A new form per account type, so switching type never keeps half-typed values. */}
      <RegistrationForm key={type} role={type} />
    </AuthCard>
  );
}
