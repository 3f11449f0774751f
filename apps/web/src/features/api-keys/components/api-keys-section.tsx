import {
  API_KEY_SCOPES,
  API_KEYS,
  type ApiKeyCreated,
  type ApiKeyDto,
  type ApiKeyScope,
  createApiKeySchema,
  SCOPE_LABELS,
} from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CreateDialog, ManagedListSection, RemoveDialog } from '@/components/managed-list-section.tsx';
import type { ResponsiveColumn } from '@/components/responsive-table.tsx';
import { SecretOnceDialog } from '@/components/secret-once-dialog.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { CheckboxGroup } from '@/components/ui/checkbox-group.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { formatPacificDate, formatPacificTime } from '@/lib/time.ts';
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

/** The section; the company page shows it to members who may manage the company. */
export function ApiKeysSection() {
  const keys = useQuery(apiKeysQueryOptions());
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyDto | null>(null);
  return (
    <ManagedListSection
      texts={API_KEYS}
      addLabel={API_KEYS.create}
      onAdd={() => setCreating(true)}
      query={keys}
      columns={COLUMNS}
      cardHeader={(row) => <span className="font-medium text-slate-900">{row.name}</span>}
      actions={(row) => (
        <Button size="sm" variant="danger" onClick={() => setRevoking(row)}>
          {API_KEYS.revoke}
        </Button>
      )}
    >
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
    </ManagedListSection>
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
  return (
    <CreateDialog
      title={API_KEYS.create}
      formId="create-api-key"
      schema={createApiKeySchema}
      input={() => ({ name, scopes, expiresAt: expiry ? endOfPacificDay(expiry) : null })}
      listKey={apiKeyKeys.all}
      create={createApiKey}
      failure={API_KEYS.createFailed}
      onCreated={onCreated}
      onClose={onClose}
    >
      <FormField id="api-key-name" label={API_KEYS.name} required>
        {(control) => (
          <Input {...control} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
        )}
      </FormField>
      <CheckboxGroup
        legend={API_KEYS.scopes}
        options={API_KEY_SCOPES}
        descriptions={SCOPE_LABELS}
        picked={scopes}
        onChange={setScopes}
      />
      <FormField id="api-key-expiry" label={API_KEYS.expiry}>
        {(control) => (
          <Input {...control} type="date" value={expiry} onChange={(e) => setExpiry(e.target.value)} />
        )}
      </FormField>
    </CreateDialog>
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
  return (
    <RemoveDialog
      title={API_KEYS.revokeTitle}
      body={API_KEYS.revokeBody(apiKey.name)}
      confirmLabel={API_KEYS.revoke}
      listKey={apiKeyKeys.all}
      remove={() => revokeApiKey(apiKey._id)}
      failure={API_KEYS.revokeFailed}
      onClose={onClose}
    />
  );
}
