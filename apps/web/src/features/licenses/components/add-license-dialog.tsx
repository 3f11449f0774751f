import { addLicenseSchema, COMPANY_LICENSES, LICENSE_TYPES } from '@canopy/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AddressFields } from '@/components/address-fields.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { LicenseDocumentInput, licenseDocumentField } from '@/lib/forms/license-document.tsx';
import { useAddLicense } from '../api/licenses-api.ts';
import { LICENSE_TEXTS } from '../texts.ts';

const addLicenseFormSchema = addLicenseSchema.extend({ licenseDocument: licenseDocumentField });
type AddLicenseForm = z.input<typeof addLicenseFormSchema>;
type AddLicenseValues = z.output<typeof addLicenseFormSchema>;

/**
 * Adds a license to the company (decision 209): number, type, premises and the document. It is
 * checked by an admin on its own; the company keeps trading from its verified licenses meanwhile.
 */
export function AddLicenseDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const formId = useId();
  const add = useAddLicense();
  const {
    register,
    control,
    handleSubmit,
    reset,
    trigger,
    formState: { errors },
  } = useForm<AddLicenseForm, unknown, AddLicenseValues>({
    resolver: zodResolver(addLicenseFormSchema),
    defaultValues: {
      licenseNumber: '',
      licenseType: '',
      address: { street: '', city: '', county: '', zipCode: '' },
    },
  });

  function close() {
    reset();
    onClose();
  }

  const submit = handleSubmit(({ licenseDocument, ...license }) =>
    add.mutate({ license, document: licenseDocument }, { onSuccess: close }),
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      title={COMPANY_LICENSES.addTitle}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {LICENSE_TEXTS.cancel}
          </Button>
          <Button type="submit" form={formId} isLoading={add.isPending}>
            {add.isPending ? LICENSE_TEXTS.submitting : LICENSE_TEXTS.submit}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id={`${formId}-number`}
            label={LICENSE_TEXTS.licenseNumber}
            error={errors.licenseNumber?.message}
            required
          >
            {(a11y) => <Input {...a11y} {...register('licenseNumber')} />}
          </FormField>
          <FormField
            id={`${formId}-type`}
            label={LICENSE_TEXTS.licenseType}
            error={errors.licenseType?.message}
            required
          >
            {(a11y) => (
              <Select
                options={LICENSE_TYPES}
                placeholder={LICENSE_TEXTS.licenseTypePlaceholder}
                {...a11y}
                {...register('licenseType')}
              />
            )}
          </FormField>
        </div>
        <AddressFields register={register} errors={errors} prefix="address" allRequired />
        <LicenseDocumentInput
          id={`${formId}-document`}
          label={LICENSE_TEXTS.document}
          hint={LICENSE_TEXTS.documentHint}
          error={errors.licenseDocument?.message}
          control={control}
          name="licenseDocument"
          trigger={trigger}
        />
      </form>
    </Dialog>
  );
}

/** The company page's button that opens the dialog. */
export function AddLicenseButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{LICENSE_TEXTS.addButton}</Button>
      <AddLicenseDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
