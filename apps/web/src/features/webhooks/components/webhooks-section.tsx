import {
  createWebhookSchema,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOKS,
  type WebhookCreated,
  type WebhookDeliveryDto,
  type WebhookDto,
  type WebhookEventType,
} from '@canopy/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CreateDialog, ManagedListSection, RemoveDialog } from '@/components/managed-list-section.tsx';
import { QueryState } from '@/components/query-state.tsx';
import { type ResponsiveColumn, ResponsiveTable } from '@/components/responsive-table.tsx';
import { SecretOnceDialog } from '@/components/secret-once-dialog.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { CheckboxGroup } from '@/components/ui/checkbox-group.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { failureText } from '@/lib/api-client.ts';
import { formatPacificTime } from '@/lib/time.ts';
import { notify } from '@/lib/toast.ts';
import {
  createWebhook,
  deliveriesQueryOptions,
  removeWebhook,
  retryDelivery,
  webhookKeys,
  webhooksQueryOptions,
} from '../api/webhooks-api.ts';

// The company page's "Webhooks" section (issue 24, decision 227), for owners and managers: add a
// URL with the events it hears, see its signing secret once, list the subscriptions with their
// status, read each one's delivery log and send a delivery again, and delete one after confirming.

/** The section; the company page shows it to members who may manage the company. */
export function WebhooksSection() {
  const hooks = useQuery(webhooksQueryOptions());
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const [logOf, setLogOf] = useState<WebhookDto | null>(null);
  const [deleting, setDeleting] = useState<WebhookDto | null>(null);
  return (
    <ManagedListSection
      texts={WEBHOOKS}
      addLabel={WEBHOOKS.add}
      onAdd={() => setAdding(true)}
      query={hooks}
      columns={COLUMNS}
      cardHeader={(row) => <span className="break-all font-medium text-slate-900">{row.url}</span>}
      actions={(row) => (
        <span className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => setLogOf(row)}>
            {WEBHOOKS.showLog}
          </Button>
          <Button size="sm" variant="danger" onClick={() => setDeleting(row)}>
            {WEBHOOKS.delete}
          </Button>
        </span>
      )}
    >
      {adding && (
        <AddWebhookDialog
          onClose={() => setAdding(false)}
          onCreated={(hook) => {
            setAdding(false);
            setCreated(hook);
          }}
        />
      )}
      {created && <SecretDialog created={created} onClose={() => setCreated(null)} />}
      {logOf && <DeliveryLogDialog hook={logOf} onClose={() => setLogOf(null)} />}
      {deleting && <DeleteDialog hook={deleting} onClose={() => setDeleting(null)} />}
    </ManagedListSection>
  );
}

const COLUMNS: readonly ResponsiveColumn<WebhookDto>[] = [
  {
    header: WEBHOOKS.url,
    cell: (row) => <span className="break-all">{row.url}</span>,
    card: false,
  },
  {
    header: WEBHOOKS.events,
    cell: (row) => (
      <span className="flex flex-wrap gap-1">
        {row.events.map((event) => (
          <Badge key={event}>{event}</Badge>
        ))}
      </span>
    ),
  },
  {
    header: WEBHOOKS.columns.status,
    cell: (row) => (
      <Badge tone={row.status === 'active' ? 'success' : 'warning'}>
        {WEBHOOKS.statusLabels[row.status]}
      </Badge>
    ),
  },
];

function AddWebhookDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (hook: WebhookCreated) => void;
}) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  // Where the URL points is the server's to judge; its refusal shows in the dialog.
  return (
    <CreateDialog
      title={WEBHOOKS.add}
      formId="add-webhook"
      schema={createWebhookSchema}
      input={() => ({ url, events })}
      listKey={webhookKeys.all}
      create={createWebhook}
      failure={WEBHOOKS.createFailed}
      onCreated={onCreated}
      onClose={onClose}
    >
      <FormField id="webhook-url" label={WEBHOOKS.url} required>
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        )}
      </FormField>
      <CheckboxGroup
        legend={WEBHOOKS.events}
        options={WEBHOOK_EVENTS}
        descriptions={WEBHOOK_EVENT_LABELS}
        picked={events}
        onChange={setEvents}
      />
    </CreateDialog>
  );
}

function SecretDialog({ created, onClose }: { created: WebhookCreated; onClose: () => void }) {
  return (
    <SecretOnceDialog
      title={WEBHOOKS.secretTitle}
      secret={created.secret}
      texts={{ ...WEBHOOKS, warning: WEBHOOKS.secretWarning }}
      testId="webhook-secret"
      onClose={onClose}
    >
      <p className="break-all text-sm text-slate-700">{created.url}</p>
    </SecretOnceDialog>
  );
}

const DELIVERY_TONE = { pending: 'neutral', delivered: 'success', failed: 'danger' } as const;

function DeliveryLogDialog({ hook, onClose }: { hook: WebhookDto; onClose: () => void }) {
  const log = useQuery(deliveriesQueryOptions(hook._id));
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: (deliveryId: string) => retryDelivery(hook._id, deliveryId),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(hook._id) });
      notify.success(answer.message);
    },
    onError: (error) => notify.error(failureText(error, WEBHOOKS.retryFailed)),
  });
  const columns: readonly ResponsiveColumn<WebhookDeliveryDto>[] = [
    {
      header: WEBHOOKS.columns.event,
      cell: (row) => <code className="text-xs">{row.type}</code>,
      card: false,
    },
    {
      header: WEBHOOKS.columns.status,
      cell: (row) => (
        <Badge tone={DELIVERY_TONE[row.status]}>{WEBHOOKS.deliveryStatusLabels[row.status]}</Badge>
      ),
    },
    {
      header: WEBHOOKS.columns.response,
      cell: (row) =>
        row.responseCode === null ? (row.lastError ?? WEBHOOKS.noResponse) : String(row.responseCode),
    },
    { header: WEBHOOKS.columns.attempts, cell: (row) => String(row.attempts) },
    { header: WEBHOOKS.columns.time, cell: (row) => formatPacificTime(row.lastAttemptAt ?? row.createdAt) },
  ];
  return (
    <Dialog
      open
      onClose={onClose}
      title={`${WEBHOOKS.showLog}: ${hook.url}`}
      footer={<Button onClick={onClose}>{WEBHOOKS.done}</Button>}
    >
      <QueryState
        query={log}
        loading={WEBHOOKS.showLog}
        error={(error) => failureText(error, WEBHOOKS.logFailed)}
        isEmpty={(rows) => rows.length === 0}
        empty={<p className="text-sm text-slate-600">{WEBHOOKS.logEmpty}</p>}
      >
        {(rows) => (
          <ResponsiveTable
            rows={rows}
            rowKey={(row) => row._id}
            caption={WEBHOOKS.showLog}
            columns={columns}
            tableFrom="md"
            dense
            cardHeader={(row) => <code className="text-xs">{row.type}</code>}
            actions={(row) => (
              <Button
                size="sm"
                variant="secondary"
                isLoading={retry.isPending && retry.variables === row._id}
                onClick={() => retry.mutate(row._id)}
              >
                {WEBHOOKS.sendAgain}
              </Button>
            )}
          />
        )}
      </QueryState>
    </Dialog>
  );
}

function DeleteDialog({ hook, onClose }: { hook: WebhookDto; onClose: () => void }) {
  return (
    <RemoveDialog
      title={WEBHOOKS.deleteTitle}
      body={<span className="break-all">{WEBHOOKS.deleteBody(hook.url)}</span>}
      confirmLabel={WEBHOOKS.delete}
      listKey={webhookKeys.all}
      remove={() => removeWebhook(hook._id)}
      failure={WEBHOOKS.deleteFailed}
      onClose={onClose}
    />
  );
}
