import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_HEADERS, WEBHOOKS } from '@canopy/shared';
import {
  type AddressPolicy,
  bareHost,
  type HostResolver,
  RefusedAddress,
  type ResolvedAddress,
  resolveAllowed,
} from './address-guard.ts';

// One POST of one delivery (issue 24). The host is resolved and checked here, at delivery time,
// and the socket is pinned to the checked address by the request's own `lookup`, so the name is
// never resolved a second time; TLS still verifies the certificate against the name. Redirects are
// not followed (Node's http never does): a 3xx is an answer like any other non-2xx, a failure.

/** How long a receiver has to answer, from the first byte sent to the status line. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export interface Delivery {
  url: string;
  body: string;
  signature: string;
  eventType: string;
  deliveryId: string;
}

export type SendOutcome =
  | { ok: true; responseCode: number }
  | { ok: false; responseCode: number | null; error: string | null };

/** Answers the address checked, whatever name the connection asks for. */
const pinnedLookup =
  (target: ResolvedAddress): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };

export async function sendDelivery(
  delivery: Delivery,
  policy: AddressPolicy,
  resolve: HostResolver,
): Promise<SendOutcome> {
  const url = new URL(delivery.url);
  let target: ResolvedAddress;
  try {
    target = await resolveAllowed(url, policy, resolve);
  } catch (error) {
    const text = error instanceof RefusedAddress ? error.message : `Could not resolve ${url.hostname}`;
    return { ok: false, responseCode: null, error: text };
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SendOutcome>((resolvePromise) => {
    let settled = false;
    let deadline: NodeJS.Timeout | undefined;
    const settle = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolvePromise(outcome);
    };
    const request = client.request(
      {
        protocol: url.protocol,
        hostname: bareHost(url),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        lookup: pinnedLookup(target),
        // A fresh connection each time: a pooled one might have been made to another address.
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(delivery.body),
          'user-agent': 'Canopy-Webhooks/1',
          [WEBHOOK_HEADERS.signature]: delivery.signature,
          [WEBHOOK_HEADERS.event]: delivery.eventType,
          [WEBHOOK_HEADERS.delivery]: delivery.deliveryId,
        },
      },
      (response) => {
        const code = response.statusCode ?? 0;
        // The body is not read: only the status counts, and a receiver may not make us hold it.
        response.resume();
        response.on('error', () => undefined);
        settle(
          code >= 200 && code < 300
            ? { ok: true, responseCode: code }
            : { ok: false, responseCode: code, error: null },
        );
        request.destroy();
      },
    );
    deadline = setTimeout(() => {
      settle({ ok: false, responseCode: null, error: WEBHOOKS.timedOut });
      request.destroy();
    }, WEBHOOK_TIMEOUT_MS);
    request.on('error', (error) =>
      settle({ ok: false, responseCode: null, error: error.message.slice(0, 300) }),
    );
    request.end(delivery.body);
  });
}
