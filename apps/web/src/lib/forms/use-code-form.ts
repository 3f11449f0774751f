import { twoFactorCodeSchema } from '@canopy/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

type CodeForm = z.output<typeof twoFactorCodeSchema>;

/**
 * A form of one authenticator (or recovery) code, checked by the shared schema (decision 195):
 * `send` gets the code once it passes; a refusal is `send`'s to show. The form gets `onSubmit`,
 * the code input gets `field`, its FormField gets `error`, and the submit button `isSubmitting`.
 */
export function useCodeForm(send: (code: string) => Promise<void>) {
  const form = useForm<z.input<typeof twoFactorCodeSchema>, unknown, CodeForm>({
    resolver: zodResolver(twoFactorCodeSchema),
    defaultValues: { code: '' },
  });
  return {
    onSubmit: form.handleSubmit(({ code }) => send(code)),
    field: form.register('code'),
    error: form.formState.errors.code?.message,
    isSubmitting: form.formState.isSubmitting,
  };
}
