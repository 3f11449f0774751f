import {
  formatLbs,
  type OrderDto,
  PACKAGES_PER_ORDER_MAX,
  type ScheduleOrderInput,
  scheduleOrderSchema,
} from '@canopy/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { type FieldErrors, useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormDialog, sendWhenValid } from '@/components/form-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { errorAt, FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { useScheduleOrder } from '../api/fulfilment-api.ts';
import { SCHEDULE_FORM } from '../texts.ts';

/** The fields as typed: every one text, the times as the browser's datetime-local values. */
interface Values {
  distributorLicenseNumber: string;
  pickupAt: string;
  estimatedArrivalAt: string;
  driverName: string;
  driverLicenseNumber: string;
  vehicleMake: string;
  vehicleModel: string;
  vehiclePlate: string;
  packages: { uid: string; quantityLbs: string }[];
}

/** A datetime-local value ("2030-03-05T09:30") is the reader's own clock; the API takes an instant. */
const toInstant = (local: string) => {
  const time = local ? new Date(local) : null;
  return time && !Number.isNaN(time.getTime()) ? time.toISOString() : local;
};

/** An instant as a datetime-local value on the reader's clock. */
const toLocal = (iso: string) => {
  const time = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}T${pad(time.getHours())}:${pad(time.getMinutes())}`;
};

/** The form read as the API's body, then checked by the API's own schema (same texts, same paths). */
const formSchema = z
  .custom<Values>()
  .transform(
    (values): ScheduleOrderInput => ({
      ...values,
      pickupAt: toInstant(values.pickupAt),
      estimatedArrivalAt: toInstant(values.estimatedArrivalAt),
    }),
  )
  .pipe(scheduleOrderSchema);

function startingValues(order: OrderDto): Values {
  const current = order.fulfilment;
  if (!current) {
    return {
      distributorLicenseNumber: '',
      pickupAt: '',
      estimatedArrivalAt: '',
      driverName: '',
      driverLicenseNumber: '',
      vehicleMake: '',
      vehicleModel: '',
      vehiclePlate: '',
      packages: [{ uid: '', quantityLbs: String(order.quantityLbs) }],
    };
  }
  return {
    distributorLicenseNumber: current.distributor.licenseNumber,
    pickupAt: toLocal(current.pickupAt),
    estimatedArrivalAt: toLocal(current.estimatedArrivalAt),
    driverName: current.driverName,
    driverLicenseNumber: current.driverLicenseNumber,
    vehicleMake: current.vehicleMake,
    vehicleModel: current.vehicleModel,
    vehiclePlate: current.vehiclePlate,
    packages: current.packages.map((item) => ({ uid: item.uid, quantityLbs: String(item.quantityLbs) })),
  };
}

const TEXT_FIELDS = [
  ['driverName', SCHEDULE_FORM.driverName, 'name'],
  ['driverLicenseNumber', SCHEDULE_FORM.driverLicense, 'off'],
  ['vehicleMake', SCHEDULE_FORM.vehicleMake, 'off'],
  ['vehicleModel', SCHEDULE_FORM.vehicleModel, 'off'],
  ['vehiclePlate', SCHEDULE_FORM.vehiclePlate, 'off'],
] as const;

/** The packages' own message (a repeated UID), which belongs to no single row. */
const packagesProblem = (errors: FieldErrors<Values>) =>
  errors.packages?.message ?? errors.packages?.root?.message;

/**
 * The seller's "Schedule delivery" form (issue 23 item 3): the distributor of record, the pick-up
 * and arrival, the driver and vehicle, and the Metrc packages with the pounds of each. The rules
 * are the API's schema; the server's refusals (a distributor the registry does not list, packages
 * that do not add up to the order) are said inside the dialog.
 */
export function ScheduleDialog({
  order,
  open,
  onClose,
}: {
  order: OrderDto;
  open: boolean;
  onClose: () => void;
}) {
  const formId = useId();
  const schedule = useScheduleOrder();
  const rescheduling = order.fulfilment !== null;
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof scheduleOrderSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: startingValues(order),
  });
  const packages = useFieldArray({ control, name: 'packages' });
  const error = (path: string) => errorAt(errors as FieldErrors, path);

  return (
    <FormDialog
      open={open}
      onClose={() => {
        reset(startingValues(order));
        onClose();
      }}
      title={rescheduling ? SCHEDULE_FORM.rescheduleTitle : SCHEDULE_FORM.title}
      submitLabel={rescheduling ? SCHEDULE_FORM.resubmit : SCHEDULE_FORM.submit}
      cancelLabel={SCHEDULE_FORM.cancel}
      failure={SCHEDULE_FORM.failed}
      onSubmit={sendWhenValid(handleSubmit, (body) => schedule.mutateAsync({ id: order._id, body }))}
    >
      <p className="text-sm text-slate-600">{SCHEDULE_FORM.intro(formatLbs(order.quantityLbs))}</p>
      <FormField
        id={`${formId}-distributor`}
        label={SCHEDULE_FORM.distributor}
        hint={SCHEDULE_FORM.distributorHint}
        error={error('distributorLicenseNumber')}
        required
      >
        {(field) => <Input {...field} autoComplete="off" {...register('distributorLicenseNumber')} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${formId}-pickup`} label={SCHEDULE_FORM.pickupAt} error={error('pickupAt')} required>
          {(field) => <Input {...field} type="datetime-local" {...register('pickupAt')} />}
        </FormField>
        <FormField
          id={`${formId}-arrival`}
          label={SCHEDULE_FORM.arrivalAt}
          error={error('estimatedArrivalAt')}
          required
        >
          {(field) => <Input {...field} type="datetime-local" {...register('estimatedArrivalAt')} />}
        </FormField>
        {TEXT_FIELDS.map(([name, label, autoComplete]) => (
          <FormField key={name} id={`${formId}-${name}`} label={label} error={error(name)} required>
            {(field) => <Input {...field} autoComplete={autoComplete} {...register(name)} />}
          </FormField>
        ))}
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">{SCHEDULE_FORM.packages}</legend>
        {packages.fields.map((item, index) => (
          <div key={item.id} className="space-y-2 rounded-md border border-slate-200 p-3">
            <FormField
              id={`${formId}-uid-${index}`}
              label={SCHEDULE_FORM.packageUid(index + 1)}
              error={error(`packages.${index}.uid`)}
              required
            >
              {(field) => (
                <Input
                  {...field}
                  autoComplete="off"
                  spellCheck={false}
                  {...register(`packages.${index}.uid`)}
                />
              )}
            </FormField>
            <div className="flex flex-wrap items-end gap-3">
              <div className="w-52">
                <FormField
                  id={`${formId}-quantity-${index}`}
                  label={SCHEDULE_FORM.packageQuantity(index + 1)}
                  error={error(`packages.${index}.quantityLbs`)}
                  required
                >
                  {(field) => (
                    <Input
                      {...field}
                      inputMode="decimal"
                      autoComplete="off"
                      {...register(`packages.${index}.quantityLbs`)}
                    />
                  )}
                </FormField>
              </div>
              {packages.fields.length > 1 && (
                <Button variant="secondary" size="sm" onClick={() => packages.remove(index)}>
                  {SCHEDULE_FORM.removePackage(index + 1)}
                </Button>
              )}
            </div>
          </div>
        ))}
        <div aria-live="polite">
          {packagesProblem(errors) && <p className="text-sm text-red-700">{packagesProblem(errors)}</p>}
        </div>
        {packages.fields.length < PACKAGES_PER_ORDER_MAX && (
          <Button variant="secondary" size="sm" onClick={() => packages.append({ uid: '', quantityLbs: '' })}>
            {SCHEDULE_FORM.addPackage}
          </Button>
        )}
      </fieldset>
    </FormDialog>
  );
}
