import { AUTH, resetPasswordSchema } from '@canopy/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PasswordFields } from '@/components/password-fields.tsx';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { ApiError, failureText } from '@/lib/api-client.ts';
import { notify, notifyFailure } from '@/lib/toast.ts';
import { resetPassword } from '../api/auth-api.ts';
import { AuthCard } from '../components/auth-card.tsx';

type ResetInput = z.input<typeof resetPasswordSchema>;
type Reset = z.output<typeof resetPasswordSchema>;

function InvalidResetLink({ detail }: { detail: string }) {
  return (
    <AuthCard title={AUTH.resetInvalidLink}>
      <p role="alert" className="text-slate-700">
        {detail}
      </p>
      <div className="mt-6">
        <ButtonLink to="/forgot-password">Request a new reset link</ButtonLink>
      </div>
    </AuthCard>
  );
}

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const [linkRejected, setLinkRejected] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetInput, unknown, Reset>({
    resolver: zodResolver(resetPasswordSchema),
    // The token rides along as a form value so the shared schema checks the whole request.
    defaultValues: { token, password: '', confirmPassword: '' },
  });

  if (!token) return <InvalidResetLink detail={AUTH.resetExpired} />;
  if (linkRejected) return <InvalidResetLink detail={linkRejected} />;

  const onSubmit = async (input: Reset) => {
    try {
      await resetPassword(input);
      notify.success(AUTH.resetSuccess);
      navigate('/login', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'reset_link_expired')
        setLinkRejected(failureText(error, AUTH.resetExpired));
      else notifyFailure(error, AUTH.resetFailed, { preferServerText: false });
    }
  };

  return (
    <AuthCard
      title="Choose a new password"
      description="Your new password must be at least 6 characters long."
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
        <PasswordFields
          register={register}
          errors={errors}
          name="password"
          label="New password"
          className="space-y-5"
        />
        <Button type="submit" className="w-full" isLoading={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Reset password'}
        </Button>
      </form>
    </AuthCard>
  );
}
