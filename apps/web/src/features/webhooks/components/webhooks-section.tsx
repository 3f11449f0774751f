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

const CANCEL = 'Cancel';

/** The section; the company page shows it to members who may manage the company. */
export function WebhooksSection() {
  const hooks = useQuery(webhooksQueryOptions());
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const [logOf, setLogOf] = useState<WebhookDto | null>(null);
  const [deleting, setDeleting] = useState<WebhookDto | null>(null);
  return (
    <Card className="p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{WEBHOOKS.sectionTitle}</h2>
        <Button size="sm" onClick={() => setAdding(true)}>
          {WEBHOOKS.add}
        </Button>
      </div>
      <p className="mb-4 text-sm text-slate-600">{WEBHOOKS.intro}</p>
      <QueryState
        query={hooks}
        loading={WEBHOOKS.sectionTitle}
        error={(error) => failureText(error, WEBHOOKS.fetchFailed)}
        isEmpty={(rows) => rows.length === 0}
        empty={<p className="text-sm text-slate-600">{WEBHOOKS.empty}</p>}
      >
        {(rows) => (
          <ResponsiveTable
            rows={rows}
            rowKey={(row) => row._id}
            caption={WEBHOOKS.sectionTitle}
            columns={COLUMNS}
            tableFrom="lg"
            dense
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
          />
        )}
      </QueryState>
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
    </Card>
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

function useHooksChange<T, R extends { message: string }>(run: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: webhookKeys.all });
      notify.success(answer.message);
    },
  });
}

function AddWebhookDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (hook: WebhookCreated) => void;
}) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [invalid, setInvalid] = useState<string | null>(null);
  const create = useHooksChange(createWebhook);
  const problem = invalid ?? (create.error ? failureText(create.error, WEBHOOKS.createFailed) : null);

  function toggle(event: WebhookEventType, on: boolean) {
    setEvents((current) => (on ? [...current, event] : current.filter((e) => e !== event)));
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    const input = { url, events };
    // The API's own schema, so the dialog says what the server would (decision 197); where the
    // URL points is the server's to judge, and its refusal shows below.
    const checked = createWebhookSchema.safeParse(input);
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message ?? WEBHOOKS.createFailed);
      return;
    }
    setInvalid(null);
    create.mutate(input, { onSuccess: (answer) => onCreated(answer.data) });
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title={WEBHOOKS.add}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {CANCEL}
          </Button>
          <Button type="submit" form="add-webhook" isLoading={create.isPending}>
            {WEBHOOKS.add}
          </Button>
        </>
      }
    >
      <form id="add-webhook" className="space-y-4" onSubmit={submit} noValidate>
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
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">{WEBHOOKS.events}</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <Checkbox
              key={event}
              label={event}
              description={WEBHOOK_EVENT_LABELS[event]}
              checked={events.includes(event)}
              onChange={(e) => toggle(event, e.target.checked)}
            />
          ))}
        </fieldset>
        {problem && <Alert tone="error">{problem}</Alert>}
      </form>
    </Dialog>
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
  const remove = useHooksChange(() => removeWebhook(hook._id));
  return (
    <Dialog
      open
      onClose={onClose}
      title={WEBHOOKS.deleteTitle}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {CANCEL}
          </Button>
          <Button
            variant="danger"
            isLoading={remove.isPending}
            onClick={() => remove.mutate(undefined, { onSuccess: onClose })}
          >
            {WEBHOOKS.delete}
          </Button>
        </>
      }
    >
      <p className="break-all text-sm text-slate-700">{WEBHOOKS.deleteBody(hook.url)}</p>
      {remove.error && (
        <Alert tone="error" className="mt-4">
          {failureText(remove.error, WEBHOOKS.deleteFailed)}
        </Alert>
      )}
    </Dialog>
  );
}
