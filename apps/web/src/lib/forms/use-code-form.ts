import { twoFactorCodeSchema } from '@canopy/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

export type CodeForm = z.output<typeof twoFactorCodeSchema>;

/** A form of one authenticator (or recovery) code, checked by the shared schema (decision 195). */
export const useCodeForm = () =>
  useForm<z.input<typeof twoFactorCodeSchema>, unknown, CodeForm>({
    resolver: zodResolver(twoFactorCodeSchema),
    defaultValues: { code: '' },
  });
