import { createSavedSearchSchema, describeFilters, readFilterParams, SAVED_SEARCHES } from '@canopy/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { failureText } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { notify } from '@/lib/toast.ts';
import { createSavedSearch, savedSearchKeys } from '../api/saved-searches-api.ts';
import { SAVE_SEARCH } from '../texts.ts';

/** A first name for the search: what was typed, else the filters in words. */
const suggestedName = (filters: Record<string, string>) =>
  (filters.query || describeFilters(filters)).slice(0, 60);

/**
 * "Save search" on the catalog: saves the filters in the address (not the page) under a name.
 * Only verified accounts may keep searches, so nobody else sees the button.
 */
export function SaveSearchButton() {
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const search = searchParams.toString();
  const filters = useMemo(() => readFilterParams(Object.fromEntries(new URLSearchParams(search))), [search]);
  const [open, setOpen] = useState(false);
  if (user?.status !== 'verified') return null;
  return (
    <div className="flex justify-end">
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
          <path d="M5 2.5A1.5 1.5 0 0 0 3.5 4v13.2a.5.5 0 0 0 .8.4L10 13.5l5.7 4.1a.5.5 0 0 0 .8-.4V4A1.5 1.5 0 0 0 15 2.5H5Z" />
        </svg>
        {SAVE_SEARCH.button}
      </Button>
      {open && <SaveSearchDialog filters={filters} onClose={() => setOpen(false)} />}
    </div>
  );
}

function SaveSearchDialog({ filters, onClose }: { filters: Record<string, string>; onClose: () => void }) {
  const queryClient = useQueryClient();
  const nameId = useId();
  const formId = useId();
  const [name, setName] = useState(() => suggestedName(filters));
  const [nameError, setNameError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = createSavedSearchSchema.safeParse({ name, filters });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    setNameError(undefined);
    setProblem(null);
    setPending(true);
    try {
      const saved = await createSavedSearch({ name, filters });
      await queryClient.invalidateQueries({ queryKey: savedSearchKeys.all });
      notify.success(saved.message);
      onClose();
    } catch (error) {
      // The modal keeps the page's toasts behind its backdrop, so a refusal is said inside it.
      setProblem(failureText(error, SAVED_SEARCHES.saveFailed));
    } finally {
      setPending(false);
    }
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
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
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
