import { type ListingDto, TEST_UPLOAD_ACCEPT } from '@canopy/shared';
import { Card } from '@/components/ui/card.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { FILE_INPUT_CLASSES } from '../components/media-picker.tsx';
import { testUploadProblem } from '../media-selection.ts';
import type { ListingFormState } from './form-values.ts';

export interface TestUploadState {
  file: File | null;
  /** Why the chosen file is refused, checked as it is picked. */
  problem: string | null;
}

/** Lab tested, and where the results are: a link, a file, or both. */
export function LabSection({
  form,
  currentFile,
  upload,
  onUpload,
}: {
  form: ListingFormState;
  /** The lab file the listing already has, when editing. */
  currentFile: ListingDto['test_upload'] | undefined;
  upload: TestUploadState;
  onUpload: (upload: TestUploadState) => void;
}) {
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const tested = watch('tested');
  // The COA's document is this file (decision 211): it is asked for as soon as a COA is typed in.
  const coaEntered = (['coa_lab_name', 'coa_lab_license', 'coa_tested_at', 'coa_result'] as const).some(
    (field) => watch(field).trim() !== '',
  );

  return (
    <Card className="space-y-5 p-5 sm:p-6">
      <Checkbox
        label="Lab tested"
        description="Add a link to the results or upload them."
        {...register('tested')}
      />
      {(tested || coaEntered) && (
        <div className="grid gap-5 sm:grid-cols-2">
          {tested && (
            <FormField
              id="listing-test-link"
              label="Test results link"
              hint="Optional, starting with http:// or https://."
              error={errors.test_link?.message}
            >
              {(a11y) => (
                <Input
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  {...a11y}
                  {...register('test_link')}
                />
              )}
            </FormField>
          )}
          <FormField
            id="listing-test-upload"
            label="Test results file"
            hint={
              currentFile && !upload.file
                ? `Current file: ${currentFile.name}. Choosing a file replaces it.`
                : 'Optional: PDF, JPG, PNG, DOC or DOCX, 10MB at most.'
            }
            error={upload.problem ?? undefined}
          >
            {(a11y) => (
              <input
                type="file"
                accept={TEST_UPLOAD_ACCEPT}
                className={FILE_INPUT_CLASSES}
                onChange={(event) => {
                  const file = event.target.files?.[0] ?? null;
                  onUpload({ file, problem: file ? testUploadProblem(file) : null });
                }}
                {...a11y}
              />
            )}
          </FormField>
        </div>
      )}
    </Card>
  );
}
