import { type QueryKey, type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { ZodType } from 'zod';
import { ActionDialog, ConfirmDialog } from '@/components/confirm-dialog.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { type ResponsiveColumn, ResponsiveTable } from '@/components/responsive-table.tsx';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { failureText } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';

// The frame of a company-page section that manages a list the company owns (API keys, webhooks):
// a title with the button that adds one, an intro, the list with its loading, error and empty
// states, a dialog that checks a new one with the API's schema before sending it, and a dialog
// that confirms a removal. Each section brings its own columns, fields and texts.

export interface ManagedListTexts {
  sectionTitle: string;
  intro: string;
  empty: string;
  fetchFailed: string;
}

/** The section's card; `children` are its dialogs. */
export function ManagedListSection<Row extends { _id: string }>({
  texts,
  addLabel,
  onAdd,
  query,
  columns,
  cardHeader,
  actions,
  children,
}: {
  texts: ManagedListTexts;
  addLabel: string;
  onAdd: () => void;
  query: UseQueryResult<Row[]>;
  columns: readonly ResponsiveColumn<Row>[];
  cardHeader: (row: Row) => ReactNode;
  actions: (row: Row) => ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{texts.sectionTitle}</h2>
        <Button size="sm" onClick={onAdd}>
          {addLabel}
        </Button>
      </div>
      <p className="mb-4 text-sm text-slate-600">{texts.intro}</p>
      <QueryState
        query={query}
        loading={texts.sectionTitle}
        error={(error) => failureText(error, texts.fetchFailed)}
        isEmpty={(rows) => rows.length === 0}
        empty={<p className="text-sm text-slate-600">{texts.empty}</p>}
      >
        {(rows) => (
          <ResponsiveTable
            rows={rows}
            rowKey={(row) => row._id}
            caption={texts.sectionTitle}
            columns={columns}
            tableFrom="lg"
            dense
            cardHeader={cardHeader}
            actions={actions}
          />
        )}
      </QueryState>
      {children}
    </Card>
  );
}

/** A change to the list: the call, then the list read again and the server's words as a toast. */
export function useListChange<T, R extends { message: string }>(
  listKey: QueryKey,
  run: (input: T) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: listKey });
      notify.success(answer.message);
    },
  });
}

/**
 * The dialog that adds one: `input` reads what the fields hold when it is sent. It is checked with the API's own
 * schema first, so the dialog says what the server would (decision 197); a refusal either way
 * shows inside the dialog, and `onCreated` gets what the server made.
 */
export function CreateDialog<Input, Created>({
  title,
  formId,
  schema,
  input,
  listKey,
  create,
  failure,
  onCreated,
  onClose,
  children,
}: {
  title: string;
  formId: string;
  schema: ZodType<Input>;
  input: () => Input;
  listKey: QueryKey;
  create: (input: Input) => Promise<{ message: string; data: Created }>;
  failure: string;
  onCreated: (created: Created) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const [invalid, setInvalid] = useState<string | null>(null);
  const mutation = useListChange(listKey, create);
  const problem = invalid ?? (mutation.error ? failureText(mutation.error, failure) : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = input();
    const checked = schema.safeParse(value);
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message ?? failure);
      return;
    }
    setInvalid(null);
    mutation.mutate(value, { onSuccess: (answer) => onCreated(answer.data) });
  }
  return (
    <ActionDialog
      title={title}
      onClose={onClose}
      action={
        <Button type="submit" form={formId} isLoading={mutation.isPending}>
          {title}
        </Button>
      }
    >
      <form id={formId} className="space-y-4" onSubmit={submit} noValidate>
        {children}
        {problem && <Alert tone="error">{problem}</Alert>}
      </form>
    </ActionDialog>
  );
}

/** The dialog that confirms removing one; `body` says what goes. */
export function RemoveDialog({
  title,
  body,
  confirmLabel,
  listKey,
  remove,
  failure,
  onClose,
}: {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  listKey: QueryKey;
  remove: () => Promise<{ message: string }>;
  failure: string;
  onClose: () => void;
}) {
  const mutation = useListChange(listKey, remove);
  return (
    <ConfirmDialog
      title={title}
      body={body}
      confirm={confirmLabel}
      pending={mutation.isPending}
      problem={mutation.error ? failureText(mutation.error, failure) : null}
      onConfirm={() => mutation.mutate(undefined, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}
