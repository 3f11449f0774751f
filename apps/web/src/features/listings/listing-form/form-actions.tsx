import { LISTING_TOOLS } from '@canopy/shared';
import { Button } from '@/components/ui/button.tsx';

interface FormActionsProps {
  isEdit: boolean;
  /** A save is running: every action that saves or leaves is shut until it ends (decision 193). */
  saving: boolean;
  savingDraft: boolean;
  onCancel: () => void;
  onSaveDraft: () => void;
}

/** Cancel, Save as Draft (new listings) and SPEC's submit button with its busy texts. */
export function FormActions({ isEdit, saving, savingDraft, onCancel, onSaveDraft }: FormActionsProps) {
  const submitText = isEdit
    ? saving && !savingDraft
      ? 'Updating...'
      : 'Update Listing'
    : saving && !savingDraft
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
      <Button type="submit" disabled={saving} isLoading={saving && !savingDraft}>
        {submitText}
      </Button>
    </div>
  );
}
