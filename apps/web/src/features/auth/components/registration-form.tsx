import {
  AUTH,
  LICENSE_TYPES,
  NETWORK_SUFFIX,
  REVIEW,
  type RegistrationRole,
  registrationSchema,
} from '@canopy/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { AddressFields } from '@/components/address-fields.tsx';
import { PasswordFields } from '@/components/password-fields.tsx';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { FormSection } from '@/components/ui/form-section.tsx';
import { Input } from '@/components/ui/input.tsx';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { Select } from '@/components/ui/select.tsx';
import { ApiError, failureText, NetworkError } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { focusFirstInvalid } from '@/lib/focus-first-invalid.ts';
import { LicenseDocumentInput, licenseDocumentField } from '@/lib/forms/license-document.tsx';
import { registerAccount } from '../api/auth-api.ts';

const registrationFormSchema = registrationSchema.extend({ licenseDocument: licenseDocumentField });
type RegistrationFormInput = z.input<typeof registrationFormSchema>;
type RegistrationForm = z.output<typeof registrationFormSchema>;

/** The server refused the license number as another account's (decision 080). */
const isLicenseTaken = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.serverText === REVIEW.licenseTaken;

const CONTACT_US = 'contact us';

/** The refusal of a taken license, its "contact us" a link to the help page's contact section. */
function LicenseTaken() {
  const [before, after] = REVIEW.licenseTaken.split(CONTACT_US);
  return (
    <>
      {before}
      <Link to="/help#contact" target="_blank">
        {CONTACT_US}
        <span className="sr-only"> (opens in a new tab)</span>
      </Link>
      {after}
    </>
  );
}

export function RegistrationForm({ role }: { role: RegistrationRole }) {
  const navigate = useNavigate();
  const { startSession } = useAuth();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const {
    register,
    control,
    handleSubmit,
    trigger,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegistrationFormInput, unknown, RegistrationForm>({
    resolver: zodResolver(registrationFormSchema),
    // The page's order, not the registration order (lib/focus-first-invalid.ts).
    shouldFocusError: false,
    defaultValues: {
      email: '',
      password: '',
      confirmPassword: '',
      businessName: '',
      contactName: '',
      phone: '',
      licenseNumber: '',
      licenseType: '',
      address: { street: '', city: '', county: '', zipCode: '' },
      agreeToTerms: false,
      role,
    },
  });

  const onSubmit = async ({ licenseDocument, ...registration }: RegistrationForm) => {
    setFailure(null);
    setProgress(0);
    try {
      const result = await registerAccount(registration, licenseDocument, setProgress);
      if (result.requiresEmailVerification) {
        navigate(`/check-email?email=${encodeURIComponent(registration.email)}`);
      } else if (result.data?.token) {
        startSession(result.data.token, result.data.user);
        navigate('/dashboard');
      } else {
        // SPEC §4: neither "verify your e-mail" nor a session counts as failure.
        setFailure(AUTH.registrationFailed);
      }
    } catch (error) {
      // Said on the field it is about, with the way to reach us if the license is the seller's own.
      if (isLicenseTaken(error)) {
        setError('licenseNumber', { message: REVIEW.licenseTaken }, { shouldFocus: true });
        return;
      }
      setFailure(
        error instanceof NetworkError
          ? `${AUTH.registrationFailed} ${NETWORK_SUFFIX}`
          : failureText(error, AUTH.registrationFailed),
      );
    } finally {
      setProgress(null);
    }
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={handleSubmit(onSubmit, (invalid) => focusFirstInvalid(formRef.current, invalid))}
      className="space-y-8"
    >
      <FormSection title="Account">
        <FormField id="email" label="Business email" error={errors.email?.message} required>
          {(a11y) => <Input type="email" autoComplete="email" {...a11y} {...register('email')} />}
        </FormField>
        <PasswordFields
          register={register}
          errors={errors}
          name="password"
          label="Password"
          hint="At least 6 characters."
          className="grid gap-4 sm:grid-cols-2"
        />
      </FormSection>

      <FormSection title="Business">
        <FormField id="businessName" label="Business name" error={errors.businessName?.message} required>
          {(a11y) => <Input autoComplete="organization" {...a11y} {...register('businessName')} />}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="contactName" label="Contact name" error={errors.contactName?.message} required>
            {(a11y) => <Input autoComplete="name" {...a11y} {...register('contactName')} />}
          </FormField>
          <FormField id="phone" label="Phone" error={errors.phone?.message} required>
            {(a11y) => <Input type="tel" autoComplete="tel" {...a11y} {...register('phone')} />}
          </FormField>
        </div>
      </FormSection>

      <FormSection title="State cannabis license">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="licenseNumber"
            label="License number"
            hint="As issued by the Department of Cannabis Control."
            error={
              errors.licenseNumber?.message === REVIEW.licenseTaken ? (
                <LicenseTaken />
              ) : (
                errors.licenseNumber?.message
              )
            }
            required
          >
            {(a11y) => <Input placeholder="C11-0000123-LIC" {...a11y} {...register('licenseNumber')} />}
          </FormField>
          <FormField id="licenseType" label="License type" error={errors.licenseType?.message} required>
            {(a11y) => (
              <Select
                options={LICENSE_TYPES}
                placeholder="Select a license type"
                {...a11y}
                {...register('licenseType')}
              />
            )}
          </FormField>
        </div>
        <LicenseDocumentInput
          id="licenseDocument"
          label="License document"
          hint="A PDF, PNG or JPG copy of your license, 10MB at most."
          error={errors.licenseDocument?.message}
          control={control}
          name="licenseDocument"
          trigger={trigger}
        />
      </FormSection>

      <AddressFields register={register} errors={errors} prefix="address" allRequired />

      <Checkbox
        id="agreeToTerms"
        {...register('agreeToTerms')}
        error={errors.agreeToTerms?.message}
        label={
          <>
            I agree to the{' '}
            <Link to="/terms" target="_blank">
              Terms of Service<span className="sr-only"> (opens in a new tab)</span>
            </Link>{' '}
            and{' '}
            <Link to="/privacy" target="_blank">
              Privacy Policy<span className="sr-only"> (opens in a new tab)</span>
            </Link>
            , and confirm that I am 21 or older.
          </>
        }
      />

      {progress !== null && <ProgressBar value={progress} label="Uploading your license document" />}
      {failure && <Alert tone="error">{failure}</Alert>}

      <Button type="submit" size="lg" className="w-full" isLoading={isSubmitting}>
        {isSubmitting ? 'Creating account…' : 'Create account'}
      </Button>
    </form>
  );
}
