import { AUTH, emailOnlySchema } from '@canopy/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { EmailAddress } from '@/components/email-address.tsx';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { notifyFailure } from '@/lib/toast.ts';
import { requestPasswordReset } from '../api/auth-api.ts';
import { AuthCard } from '../components/auth-card.tsx';

type EmailInput = z.input<typeof emailOnlySchema>;
type Email = z.output<typeof emailOnlySchema>;

export function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EmailInput, unknown, Email>({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: '' },
  });

  const onSubmit = async ({ email }: Email) => {
    try {
      await requestPasswordReset(email);
      setSentTo(email);
    } catch (error) {
      notifyFailure(error, AUTH.forgotFailed, { preferServerText: false });
    }
  };

  if (sentTo) {
    return (
      <AuthCard title="Check your email">
        <p role="status" className="text-slate-700">
          If an account exists for{' '}
          <strong className="text-slate-900">
            <EmailAddress address={sentTo} />
          </strong>
          , we sent it a link to reset the password. The link expires in 1 hour.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button
            variant="secondary"
            onClick={() => {
              reset();
              setSentTo(null);
            }}
          >
            Try again
          </Button>
          <ButtonLink to="/login">Back to sign in</ButtonLink>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset your password"
      description="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={<Link to="/login">Back to sign in</Link>}
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
        <FormField id="email" label="Email" error={errors.email?.message} required>
          {(a11y) => <Input type="email" autoComplete="email" {...a11y} {...register('email')} />}
        </FormField>
        <Button type="submit" className="w-full" isLoading={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send reset link'}
        </Button>
      </form>
    </AuthCard>
  );
}
