import {
  LISTINGS,
  type ListingDto,
  type ListingForm as ListingFormOutput,
  listingFormSchema,
} from '@canopy/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ShipsFromSelect } from '@/features/licenses';
import { notify } from '@/lib/toast.ts';
import { isStaleSave, useSaveListing } from '../api/use-save-listing.ts';
import { ListingComplianceNotice } from '../components/listing-compliance-notice.tsx';
import { UnsavedChangesGuard } from '../components/unsaved-changes-guard.tsx';
import { DetailsSection } from './details-section.tsx';
import { FormActions } from './form-actions.tsx';
import { formDefaults, type ListingFormValues } from './form-values.ts';
import { LabSection, type TestUploadState } from './lab-section.tsx';
import { MediaSection } from './media-section.tsx';
import { PriceSection } from './price-section.tsx';
import { SaveStatus } from './save-status.tsx';
import { StateRecordSection } from './state-record-section.tsx';
import { useMediaState } from './use-media-state.ts';

interface ListingFormProps {
  /** The listing being edited; absent when creating. */
  listing?: ListingDto;
  /** Loads the listing again, for a save refused because it changed since the form opened it. */
  onReload?: () => void;
}

/** One toast for the form's refusals: pressing submit again replaces it instead of stacking another. */
const FORM_TOAST_ID = 'listing-form-problem';

/**
 * SPEC §2's listing form, for creating and editing. Fields are checked with the shared schema
 * (the server applies the same one, so both say the same texts); files are checked as they are
 * picked. Saving uploads with a progress bar and can be cancelled while the bytes travel; success
 * or Cancel goes back to the dashboard. Each section is a module of its own beside this one.
 */
export function ListingForm({ listing, onReload }: ListingFormProps) {
  const isEdit = listing !== undefined;
  const navigate = useNavigate();
  const save = useSaveListing();
  const saving = save.isPending;
  const refuse = (problem: string) => notify.validationError(problem, FORM_TOAST_ID);
  const media = useMediaState(listing, refuse);
  const [testUpload, setTestUpload] = useState<TestUploadState>({ file: null, problem: null });
  // Set just before leaving on purpose (after a save), so the unsaved-changes guard lets it go.
  const leaving = useRef(false);

  const form = useForm<ListingFormValues, unknown, ListingFormOutput>({
    // The schema's number fields take `unknown` (form text or numbers); typed text is one case of it.
    resolver: zodResolver(listingFormSchema) as Resolver<ListingFormValues, unknown, ListingFormOutput>,
    defaultValues: formDefaults(listing),
  });
  const hasChanges = form.formState.isDirty || media.changed || testUpload.file !== null;

  const fixErrors = () => refuse(LISTINGS.fixErrorsAbove);
  /** `draft`: a new listing kept private; `publish`: an edited draft listed once saved. */
  const submitAs = ({ draft = false, publish = false }: { draft?: boolean; publish?: boolean }) =>
    form.handleSubmit((values) => {
      if (testUpload.problem) return fixErrors();
      save.mutate(
        {
          listingId: listing?._id,
          form: values,
          // A COA's document travels with it, passing or not (decision 211).
          files: media.files(values.tested || values.coa ? testUpload.file : null),
          options: isEdit ? { version: listing.version } : { draft },
          publish,
        },
        {
          onSuccess: () => {
            leaving.current = true;
            navigate('/seller');
          },
        },
      );
    }, fixErrors);
  const savingDraft = saving && save.variables?.options?.draft === true;
  const publishing = listing?.is_draft ? saving && save.variables?.publish === true : null;
  const formName = isEdit ? 'Edit Listing' : 'Create New Listing';

  return (
    <>
      <form noValidate aria-label={formName} onSubmit={submitAs({})} className="space-y-6">
        {/* One switch disables every control while the listing is being saved. */}
        <fieldset disabled={saving} className="space-y-6">
          <legend className="sr-only">{formName}</legend>
          <DetailsSection form={form} />
          {/* Where a new lot ships from (decision 209); an edit keeps the stored one. */}
          {!isEdit && <ShipsFromSelect field={form.register('ships_from_license_id')} />}
          <PriceSection form={form} />
          <StateRecordSection form={form} />
          <LabSection
            form={form}
            currentFile={listing?.test_upload}
            upload={testUpload}
            onUpload={setTestUpload}
          />
          <MediaSection media={media} disabled={saving} />
          <ListingComplianceNotice />
        </fieldset>

        <SaveStatus
          progress={save.progress}
          onCancelUpload={save.cancel}
          cancelled={save.cancelled}
          stale={isEdit && isStaleSave(save.error)}
          onReload={onReload}
        />

        <FormActions
          isEdit={isEdit}
          saving={saving}
          savingDraft={savingDraft}
          publishing={publishing}
          onCancel={() => navigate('/seller')}
          onSaveDraft={() => void submitAs({ draft: true })()}
          onPublish={() => void submitAs({ publish: true })()}
        />
      </form>
      <UnsavedChangesGuard when={hasChanges} leaving={leaving} />
    </>
  );
}
