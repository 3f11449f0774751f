import {
  API_KEY_SCOPES,
  API_KEYS,
  type ApiKeyCreated,
  type ApiKeyDto,
  type ApiKeyScope,
  createApiKeySchema,
  SCOPE_LABELS,
} from '@canopy/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { QueryState } from '@/components/query-state.tsx';
import { type ResponsiveColumn, ResponsiveTable } from '@/components/responsive-table.tsx';
import { SecretOnceDialog } from '@/components/secret-once-dialog.tsx';
import { Alert } from '@/components/ui/alert.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { failureText } from '@/lib/api-client.ts';
import { formatPacificDate, formatPacificTime } from '@/lib/time.ts';
import { notify } from '@/lib/toast.ts';
import {
  apiKeyKeys,
  apiKeysQueryOptions,
  createApiKey,
  endOfPacificDay,
  revokeApiKey,
} from '../api/api-keys-api.ts';

// The company page's "API keys" section (issue 24, decision 222), for owners and managers: make a
// key (name, scopes, optional expiry), see its secret once with a copy button, list the keys with
// their last use, and revoke one after confirming.

const CANCEL = 'Cancel';

/** The section; the company page shows it to members who may manage the company. */
export function ApiKeysSection() {
  const keys = useQuery(apiKeysQueryOptions());
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyDto | null>(null);
  return (
    <Card className="p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{API_KEYS.sectionTitle}</h2>
        <Button size="sm" onClick={() => setCreating(true)}>
          {API_KEYS.create}
        </Button>
      </div>
      <p className="mb-4 text-sm text-slate-600">{API_KEYS.intro}</p>
      <QueryState
        query={keys}
        loading={API_KEYS.sectionTitle}
        error={(error) => failureText(error, API_KEYS.fetchFailed)}
        isEmpty={(rows) => rows.length === 0}
        empty={<p className="text-sm text-slate-600">{API_KEYS.empty}</p>}
      >
        {(rows) => (
          <ResponsiveTable
            rows={rows}
            rowKey={(row) => row._id}
            caption={API_KEYS.sectionTitle}
            columns={COLUMNS}
            tableFrom="lg"
            dense
            cardHeader={(row) => <span className="font-medium text-slate-900">{row.name}</span>}
            actions={(row) => (
              <Button size="sm" variant="danger" onClick={() => setRevoking(row)}>
                {API_KEYS.revoke}
              </Button>
            )}
          />
        )}
      </QueryState>
      {creating && (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
          }}
        />
      )}
      {created && <SecretDialog created={created} onClose={() => setCreated(null)} />}
      {revoking && <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />}
    </Card>
  );
}

const COLUMNS: readonly ResponsiveColumn<ApiKeyDto>[] = [
  { header: API_KEYS.columns.name, cell: (row) => row.name, card: false },
  {
    header: API_KEYS.columns.prefix,
    cell: (row) => <code className="text-xs">{`cnp_${row.prefix}_…`}</code>,
  },
  {
    header: API_KEYS.columns.scopes,
    cell: (row) => (
      <span className="flex flex-wrap gap-1">
        {row.scopes.map((scope) => (
          <Badge key={scope}>{scope}</Badge>
        ))}
      </span>
    ),
  },
  { header: API_KEYS.columns.created, cell: (row) => formatPacificDate(row.createdAt) },
  {
    header: API_KEYS.columns.expires,
    cell: (row) => (row.expiresAt ? formatPacificDate(row.expiresAt) : API_KEYS.noExpiry),
  },
  {
    header: API_KEYS.columns.lastUsed,
    cell: (row) => (row.lastUsedAt ? formatPacificTime(row.lastUsedAt) : API_KEYS.never),
  },
  {
    header: API_KEYS.columns.createdBy,
    cell: (row) => (row.createdBy ? row.createdBy.contactName || row.createdBy.email : '—'),
  },
];

function useKeysChange<T, R extends { message: string }>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
      notify.success(answer.message);
    },
  });
}

function CreateKeyDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (key: ApiKeyCreated) => void;
}) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [expiry, setExpiry] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const create = useKeysChange(createApiKey);
  const problem = invalid ?? (create.error ? failureText(create.error, API_KEYS.createFailed) : null);

  function toggle(scope: ApiKeyScope, on: boolean) {
    setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    const input = { name, scopes, expiresAt: expiry ? endOfPacificDay(expiry) : null };
    // The API's own schema, so the dialog says what the server would (decision 197).
    const checked = createApiKeySchema.safeParse(input);
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message ?? API_KEYS.createFailed);
      return;
    }
    setInvalid(null);
    create.mutate(input, { onSuccess: (answer) => onCreated(answer.data) });
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title={API_KEYS.create}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {CANCEL}
          </Button>
          <Button type="submit" form="create-api-key" isLoading={create.isPending}>
            {API_KEYS.create}
          </Button>
        </>
      }
    >
      <form id="create-api-key" className="space-y-4" onSubmit={submit} noValidate>
        <FormField id="api-key-name" label={API_KEYS.name} required>
          {(control) => (
            <Input {...control} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
          )}
        </FormField>
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">{API_KEYS.scopes}</legend>
          {API_KEY_SCOPES.map((scope) => (
            <Checkbox
              key={scope}
              label={scope}
              description={SCOPE_LABELS[scope]}
              checked={scopes.includes(scope)}
              onChange={(e) => toggle(scope, e.target.checked)}
            />
          ))}
        </fieldset>
        <FormField id="api-key-expiry" label={API_KEYS.expiry}>
          {(control) => (
            <Input {...control} type="date" value={expiry} onChange={(e) => setExpiry(e.target.value)} />
          )}
        </FormField>
        {problem && <Alert tone="error">{problem}</Alert>}
      </form>
    </Dialog>
  );
}

function SecretDialog({ created, onClose }: { created: ApiKeyCreated; onClose: () => void }) {
  return (
    <SecretOnceDialog
      title={created.name}
      secret={created.secret}
      texts={{ ...API_KEYS, warning: API_KEYS.secretWarning }}
      testId="api-key-secret"
      onClose={onClose}
    />
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKeyDto; onClose: () => void }) {
  const revoke = useKeysChange(() => revokeApiKey(apiKey._id));
  return (
    <Dialog
      open
      onClose={onClose}
      title={API_KEYS.revokeTitle}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {CANCEL}
          </Button>
          <Button
            variant="danger"
            isLoading={revoke.isPending}
            onClick={() => revoke.mutate(undefined, { onSuccess: onClose })}
          >
            {API_KEYS.revoke}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">{API_KEYS.revokeBody(apiKey.name)}</p>
      {revoke.error && (
        <Alert tone="error" className="mt-4">
          {failureText(revoke.error, API_KEYS.revokeFailed)}
        </Alert>
      )}
    </Dialog>
  );
}
