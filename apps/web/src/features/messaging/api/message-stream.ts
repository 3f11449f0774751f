import { messagingAddresses } from '@canopy/shared';
import { apiUrl } from '@/lib/api-client.ts';
import { tokenStorage } from '@/lib/token-storage.ts';
import { type ServerSentEvent, SseParser } from './sse-parser.ts';

// The live messaging stream (GET /api/messages/stream), read with fetch() because EventSource
// cannot send the bearer token. It reconnects after a drop with growing, jittered waits (so a
// restarted server is not hit by every client in the same instant), gives up only when the server
// refuses the session, and treats a long silence as a dead connection: the server comments every
// 25 s, but a connection lost without a FIN (sleep, network change) never reports an error.

/** Until the server's `retry:` hint arrives (it sends 3 s). */
const DEFAULT_RETRY_MS = 3_000;
const MAX_RETRY_MS = 30_000;
const SILENCE_LIMIT_MS = 70_000;
/** Answers that will not change by retrying: the session is gone or no longer verified. */
const REFUSED = new Set([401, 403]);

export interface StreamHandlers {
  onEvent: (event: ServerSentEvent) => void;
  /** Each time the stream is established; `reconnected` is false the first time. */
  onOpen: (reconnected: boolean) => void;
  /** The server refused the session; the stream has stopped for good. */
  onRefused: (status: number) => void;
}

/** Opens the stream and keeps it open until the returned function is called. */
export function openMessageStream(handlers: StreamHandlers): () => void {
  const stop = new AbortController();
  void keepOpen(handlers, stop.signal);
  return () => stop.abort();
}

async function keepOpen(handlers: StreamHandlers, signal: AbortSignal): Promise<void> {
  let retryMs = DEFAULT_RETRY_MS;
  let failures = 0;
  let opened = false;
  while (!signal.aborted) {
    const token = tokenStorage.get();
    if (!token) return;
    const status = await connectOnce(token, signal, {
      onEvent: handlers.onEvent,
      onRetry: (ms) => {
        retryMs = ms;
      },
      onOpen: () => {
        handlers.onOpen(opened);
        opened = true;
        failures = 0;
      },
    });
    if (signal.aborted) return;
    if (status !== null && REFUSED.has(status)) {
      handlers.onRefused(status);
      return;
    }
    failures += 1;
    await wait(backoff(retryMs, failures), signal);
  }
}

/** The n-th consecutive wait: doubling from the server's hint up to a cap, then 50-100% of it. */
function backoff(retryMs: number, failures: number): number {
  const ceiling = Math.min(retryMs * 2 ** (failures - 1), MAX_RETRY_MS);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

interface ConnectionHandlers {
  onEvent: (event: ServerSentEvent) => void;
  onRetry: (ms: number) => void;
  onOpen: () => void;
}

/** One connection, read until it ends; the HTTP status, or null when no answer came. */
async function connectOnce(
  token: string,
  signal: AbortSignal,
  handlers: ConnectionHandlers,
): Promise<number | null> {
  const connection = new AbortController();
  const abort = () => connection.abort();
  signal.addEventListener('abort', abort, { once: true });
  let silence: ReturnType<typeof setTimeout> | undefined;
  const heard = () => {
    clearTimeout(silence);
    silence = setTimeout(abort, SILENCE_LIMIT_MS);
  };
  try {
    heard();
    const response = await fetch(apiUrl(messagingAddresses.stream.url), {
      headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
      cache: 'no-store',
      signal: connection.signal,
    });
    if (!response.ok || !response.body) return response.status;
    handlers.onOpen();
    const parser = new SseParser({
      ...handlers,
      // Sign-out clears the cache before the stream is stopped; an event still in flight then
      // belongs to a session that has ended and must not refill it.
      onEvent: (event) => {
        if (tokenStorage.get() === token) handlers.onEvent(event);
      },
    });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return response.status;
      heard();
      parser.push(decoder.decode(value, { stream: true }));
    }
  } catch {
    // A network failure, a silent connection cut by the timer, or the caller stopping.
    return null;
  } finally {
    clearTimeout(silence);
    signal.removeEventListener('abort', abort);
    connection.abort();
  }
}
