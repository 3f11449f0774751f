import { createSavedSearchSchema, describeFilters, readFilterParams, SAVED_SEARCHES } from '@canopy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { failureText } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { createSavedSearch, savedSearchKeys } from '../api/saved-searches-api.ts';
import { SAVE_SEARCH } from '../texts.ts';

// The "Save search" form. It reads and checks the filters with the shared schemas (and so the
// schema library), which is why the catalog loads it only when someone means to save (decision 177).

/** A first name for the search: what was typed, else the filters in words. */
const suggestedName = (filters: Record<string, string>) =>
  (filters.query || describeFilters(filters)).slice(0, 60);

/** `search` is the catalog's query string as it stood when the form was opened. */
export function SaveSearchDialog({ search, onClose }: { search: string; onClose: () => void }) {
  const filters = useMemo(() => readFilterParams(Object.fromEntries(new URLSearchParams(search))), [search]);
  const queryClient = useQueryClient();
  const nameId = useId();
  const formId = useId();
  const [name, setName] = useState(() => suggestedName(filters));
  const [nameError, setNameError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: createSavedSearch,
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: savedSearchKeys.all });
      notify.success(saved.message);
      onClose();
    },
  });
  // The modal keeps the page's toasts behind its backdrop, so a refusal is said inside it.
  const problem = save.error ? failureText(save.error, SAVED_SEARCHES.saveFailed) : null;
  const pending = save.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = createSavedSearchSchema.safeParse({ name, filters });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    setNameError(undefined);
    save.mutate({ name, filters });
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={SAVE_SEARCH.title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {SAVE_SEARCH.cancel}
          </Button>
          <Button type="submit" form={formId} isLoading={pending}>
            {SAVE_SEARCH.submit}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <FormField
          id={nameId}
          label={SAVE_SEARCH.nameLabel}
          hint={SAVE_SEARCH.nameHint}
          error={nameError}
          required
        >
          {(control) => (
            <Input
              {...control}
              value={name}
              maxLength={80}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </FormField>
        <div className="text-sm">
          <p className="font-medium text-slate-800">{SAVE_SEARCH.filtersLabel}</p>
          <p className="mt-1 text-slate-700">{describeFilters(filters)}</p>
        </div>
        {problem && <Alert tone="error">{problem}</Alert>}
        <p className="text-sm">
          <Link to="/saved-searches">{SAVE_SEARCH.manage}</Link>
        </p>
      </form>
    </Dialog>
  );
}
