import { LICENSE_DOCUMENT_EXTENSIONS, LICENSE_DOCUMENT_MAX_BYTES, VALIDATION } from '@canopy/shared';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '@/components/ui/form-field.tsx';

// A license document, wherever one is asked for (registration, a further license): checked in the
// browser by name and size (SPEC §5: pdf, png, jpg or jpeg up to 10MB) so a wrong or too-large file
// is refused before a long upload; the server checks the bytes again.

const ACCEPT = LICENSE_DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

const hasAllowedExtension = (fileName: string) =>
  (LICENSE_DOCUMENT_EXTENSIONS as readonly string[]).includes(fileName.split('.').pop()?.toLowerCase() ?? '');

export const licenseDocumentField = z
  .custom<File>((value) => value instanceof File, VALIDATION.licenseDocumentRequired)
  .refine((file) => hasAllowedExtension(file.name), VALIDATION.licenseDocumentType)
  .refine((file) => file.size <= LICENSE_DOCUMENT_MAX_BYTES, VALIDATION.licenseDocumentTooLarge);

interface LicenseDocumentInputProps<F extends FieldValues> {
  id: string;
  label: string;
  hint: string;
  error?: string;
  control: Control<F>;
  name: Path<F>;
  /** Validates the field at once when a file is chosen. */
  trigger: (name: Path<F>) => unknown;
}

/** The file field of a license document, bound to a react-hook-form form. */
export function LicenseDocumentInput<F extends FieldValues>({
  id,
  label,
  hint,
  error,
  control,
  name,
  trigger,
}: LicenseDocumentInputProps<F>) {
  return (
    <FormField id={id} label={label} hint={hint} error={error} required>
      {(a11y) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <input
              {...a11y}
              ref={field.ref}
              name={field.name}
              onBlur={field.onBlur}
              type="file"
              accept={ACCEPT}
              onChange={(event) => {
                field.onChange(event.target.files?.[0] ?? undefined);
                // Refuse a wrong or too-large file at once, not after a long upload attempt.
                void trigger(name);
              }}
              className="block w-full text-sm text-slate-700 file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:text-sm file:font-medium file:text-brand-800 hover:file:bg-brand-100"
            />
          )}
        />
      )}
    </FormField>
  );
}
