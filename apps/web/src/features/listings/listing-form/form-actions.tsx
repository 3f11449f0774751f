import { LISTING_TOOLS } from '@canopy/shared';
import { Button } from '@/components/ui/button.tsx';

interface FormActionsProps {
  isEdit: boolean;
  /** A save is running: every action that saves or leaves is shut until it ends (decision 193). */
  saving: boolean;
  savingDraft: boolean;
  /** The listing being edited is a draft: it can be saved and published in one press. */
  publishing: boolean | null;
  onCancel: () => void;
  onSaveDraft: () => void;
  onPublish: () => void;
}

/**
 * Cancel, Save as Draft (new listings), Save and Publish (drafts) and SPEC's submit button with
 * its busy texts.
 */
export function FormActions({
  isEdit,
  saving,
  savingDraft,
  publishing,
  onCancel,
  onSaveDraft,
  onPublish,
}: FormActionsProps) {
  const submitBusy = saving && !savingDraft && !publishing;
  const submitText = isEdit
    ? submitBusy
      ? 'Updating...'
      : 'Update Listing'
    : submitBusy
      ? 'Creating...'
      : 'Create Listing';
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Button variant="secondary" disabled={saving} onClick={onCancel}>
        Cancel
      </Button>
      {!isEdit && (
        // Checked like the listing itself, but kept private until published from the dashboard.
        <Button variant="secondary" disabled={saving} isLoading={savingDraft} onClick={onSaveDraft}>
          {savingDraft ? LISTING_TOOLS.savingDraft : LISTING_TOOLS.saveDraft}
        </Button>
      )}
      <Button
        type="submit"
        variant={publishing === null ? 'primary' : 'secondary'}
        disabled={saving}
        isLoading={submitBusy}
      >
        {submitText}
      </Button>
      {publishing !== null && (
        <Button disabled={saving} isLoading={publishing} onClick={onPublish}>
          {publishing ? LISTING_TOOLS.publishingDraft : LISTING_TOOLS.publishDraft}
        </Button>
      )}
    </div>
  );
}
