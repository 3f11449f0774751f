import { WEBHOOKS, type WebhookDeliveryDto, type WebhookDto } from '@canopy/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { webhookKeys } from '../api/webhooks-api.ts';
import { WebhooksSection } from './webhooks-section.tsx';

// The company page's webhooks section (issue 24): the list with status, a webhook added with its
// events and its secret shown once, the delivery log with "Send again", and a deletion confirmed
// first.

const HOOK: WebhookDto = {
  _id: '0190a2b4-1c2d-7e3f-8a9b-0c1d2e3f4a5b',
  url: 'https://erp.example.com/canopy',
  events: ['order.created', 'order.updated'],
  status: 'paused',
  createdAt: '2026-06-01T18:00:00Z',
  failingSince: '2026-06-02T18:00:00Z',
};
const DELIVERY: WebhookDeliveryDto = {
  _id: '0190a2b4-1c2d-7e3f-8a9b-0c1d2e3f4a6c',
  eventId: '0190a2b4-1c2d-7e3f-8a9b-0c1d2e3f4a7d',
  type: 'order.created',
  status: 'failed',
  responseCode: 503,
  attempts: 12,
  lastError: null,
  createdAt: '2026-06-02T18:00:00Z',
  lastAttemptAt: '2026-06-03T18:00:00Z',
  nextAttemptAt: null,
};
const SECRET = `whsec_${'s'.repeat(43)}`;

afterEach(() => vi.unstubAllGlobals());

async function renderSection(hooks: WebhookDto[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(webhookKeys.all, hooks);
  client.setQueryData(webhookKeys.deliveries(HOOK._id), [DELIVERY]);
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <WebhooksSection />
      </QueryClientProvider>,
    );
  });
}

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('WebhooksSection', () => {
  test('lists each webhook with its events and status', async () => {
    await renderSection([HOOK]);
    expect(screen.getByRole('heading', { name: WEBHOOKS.sectionTitle })).toBeTruthy();
    expect(screen.getAllByText(HOOK.url).length).toBeGreaterThan(0);
    expect(screen.getAllByText('order.updated').length).toBeGreaterThan(0);
    expect(screen.getAllByText(WEBHOOKS.statusLabels.paused).length).toBeGreaterThan(0);
  });

  test('adds a webhook with the chosen events and shows its secret once', async () => {
    await renderSection([]);
    expect(screen.getByText(WEBHOOKS.empty)).toBeTruthy();
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      if (init.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return answer(
          {
            success: true,
            message: WEBHOOKS.created,
            data: {
              _id: HOOK._id,
              url: HOOK.url,
              events: ['order.created'],
              secret: SECRET,
              status: 'active',
            },
          },
          201,
        );
      }
      return answer({ success: true, data: [] });
    });
    fireEvent.click(screen.getByRole('button', { name: WEBHOOKS.add }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /URL/ }), { target: { value: HOOK.url } });
    fireEvent.click(within(dialog).getByRole('button', { name: WEBHOOKS.add }));
    await within(dialog).findByText(WEBHOOKS.eventsRequired);
    expect(sent).toEqual([]);

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'order.created' }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: WEBHOOKS.add }));
    });
    expect(sent).toEqual([{ url: HOOK.url, events: ['order.created'] }]);
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe(SECRET);
    expect(screen.getByText(WEBHOOKS.secretWarning)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: WEBHOOKS.done }));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  test('shows the delivery log and sends a delivery again', async () => {
    await renderSection([HOOK]);
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      return init.method === 'POST'
        ? answer({ success: true, message: WEBHOOKS.retried, data: { ...DELIVERY, status: 'pending' } })
        : answer({ success: true, data: [DELIVERY] });
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: WEBHOOKS.showLog }));
    });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getAllByText('503').length).toBeGreaterThan(0);
    expect(within(dialog).getAllByText(WEBHOOKS.deliveryStatusLabels.failed).length).toBeGreaterThan(0);
    await act(async () => {
      fireEvent.click(within(dialog).getAllByRole('button', { name: WEBHOOKS.sendAgain })[0] as HTMLElement);
    });
    expect(calls).toContain(`POST /api/webhooks/${HOOK._id}/deliveries/${DELIVERY._id}/retry`);
  });

  test('deletes a webhook only after the confirmation', async () => {
    await renderSection([HOOK]);
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      return init.method === 'DELETE'
        ? answer({ success: true, message: WEBHOOKS.removed })
        : answer({ success: true, data: [] });
    });
    fireEvent.click(screen.getByRole('button', { name: WEBHOOKS.delete }));
    const dialog = screen.getByRole('dialog', { name: WEBHOOKS.deleteTitle });
    expect(within(dialog).getByText(WEBHOOKS.deleteBody(HOOK.url))).toBeTruthy();
    expect(calls).toEqual([]);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: WEBHOOKS.delete }));
    });
    expect(calls[0]).toBe(`DELETE /api/webhooks/${HOOK._id}`);
  });
});
