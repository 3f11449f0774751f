import { COA_RESULTS, californiaToday, PACKAGE_UIDS_MAX, STATE_RECORD } from '@canopy/shared';
import { Card } from '@/components/ui/card.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { FormSection } from '@/components/ui/form-section.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import type { ListingFormState } from './form-values.ts';
import { RowList } from './row-list.tsx';

const RESULT_OPTIONS = COA_RESULTS.map((value) => ({ value, label: STATE_RECORD.resultLabels[value] }));

/**
 * The lot's state record (issue 23, decision 211): batch, Metrc package UIDs as an editable list,
 * and the certificate of analysis, whose document is the lab-results file below. The shared schema
 * checks it here as the server does, so the errors read the same.
 */
export function StateRecordSection({ form }: { form: ListingFormState }) {
  const {
    register,
    formState: { errors },
  } = form;
  const uidErrors = errors.package_uids;

  return (
    <Card className="space-y-5 p-5 sm:p-6">
      <FormSection title={STATE_RECORD.sectionTitle}>
        <p className="text-sm text-slate-600">{STATE_RECORD.sectionHint}</p>
        <FormField id="listing-batch" label={STATE_RECORD.batchLabel} error={errors.batch_number?.message}>
          {(a11y) => <Input autoComplete="off" {...a11y} {...register('batch_number')} />}
        </FormField>

        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-800">{STATE_RECORD.packageUidsLabel}</legend>
          <p id="listing-uids-hint" className="text-sm text-slate-600">
            {STATE_RECORD.packageUidHint}
          </p>
          <RowList
            form={form}
            name="package_uids"
            max={PACKAGE_UIDS_MAX}
            newRow={() => ''}
            addLabel={STATE_RECORD.addPackageUid}
            removeLabel={STATE_RECORD.removePackageUid}
            error={uidErrors && !Array.isArray(uidErrors) ? uidErrors.message : undefined}
          >
            {(index, position) => (
              <div className="min-w-0 flex-1">
                <FormField
                  id={`listing-uid-${position}`}
                  label={STATE_RECORD.packageUidLabel(position)}
                  error={Array.isArray(uidErrors) ? uidErrors[index]?.message : undefined}
                >
                  {(a11y) => (
                    <Input
                      autoComplete="off"
                      spellCheck={false}
                      className="font-mono uppercase"
                      {...a11y}
                      aria-describedby={[a11y['aria-describedby'], 'listing-uids-hint']
                        .filter(Boolean)
                        .join(' ')}
                      {...register(`package_uids.${index}`)}
                    />
                  )}
                </FormField>
              </div>
            )}
          </RowList>
        </fieldset>

        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            id="listing-coa-lab"
            label={STATE_RECORD.coaLabNameLabel}
            error={errors.coa_lab_name?.message}
          >
            {(a11y) => <Input autoComplete="off" {...a11y} {...register('coa_lab_name')} />}
          </FormField>
          <FormField
            id="listing-coa-license"
            label={STATE_RECORD.coaLabLicenseLabel}
            error={errors.coa_lab_license?.message}
          >
            {(a11y) => <Input autoComplete="off" {...a11y} {...register('coa_lab_license')} />}
          </FormField>
          <FormField
            id="listing-coa-date"
            label={STATE_RECORD.coaTestedAtLabel}
            error={errors.coa_tested_at?.message}
          >
            {(a11y) => <Input type="date" max={californiaToday()} {...a11y} {...register('coa_tested_at')} />}
          </FormField>
          <FormField
            id="listing-coa-result"
            label={STATE_RECORD.coaResultLabel}
            hint={STATE_RECORD.coaDocumentHint}
            error={errors.coa_result?.message}
          >
            {(a11y) => (
              <Select options={RESULT_OPTIONS} placeholder="Choose" {...a11y} {...register('coa_result')} />
            )}
          </FormField>
        </div>
      </FormSection>
    </Card>
  );
}
