import type { FailureBody, FailureCode } from '@canopy/shared';
import { tokenStorage } from './token-storage.ts';

// The one way the web app talks to the API (docs/api.md): base path /api, JSON or multipart, the
// bearer token whenever one is stored, no timeout (SPEC §7). Failures become typed errors so
// screens can pick SPEC's texts: ApiError for an answer with a failure status, NetworkError when
// no answer came.

const API_BASE = '/api';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    /** The server's human text (`error`, else `message`), when the body carried one. */
    readonly serverText: string | undefined,
    readonly body: FailureBody | null,
  ) {
    super(serverText ?? `Request failed with status ${status}`);
  }

  /** The failure's stable name (decision 196): what a screen branches on, never the wording. */
  get code(): FailureCode | undefined {
    return (this.body?.code as FailureCode | undefined) ?? undefined;
  }
}

export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  constructor(cause?: unknown) {
    super('The server could not be reached', { cause });
  }
}

/** The server's text for a failed call, else the caller's SPEC fallback. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverText ? error.serverText : fallback;
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * Registers what happens when a call made with a token answers 401 (SPEC §6: the session ends and
 * the user goes to /auth/login). The session provider owns that, because it can navigate.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * false: a 401 only drops the stale token. Used by the start-up session check and sign-out,
   * where sending someone to the sign-in page would be wrong.
   */
  redirectOnUnauthorized?: boolean;
  /**
   * false: send no bearer token. Sign-in uses it: a wrong password answers 401, which must not
   * end a session the browser may already hold.
   */
  sendToken?: boolean;
  /** Headers a call adds, such as a message's Idempotency-Key. */
  headers?: Record<string, string>;
}

/** `/users/1/x` → `/api/users/1/x`; paths that already carry the base, and absolute URLs, stay. */
export function apiUrl(path: string): string {
  if (/^https?:\/\//.test(path) || path.startsWith(`${API_BASE}/`)) return path;
  return `${API_BASE}${path}`;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.sendToken === false ? null : tokenStorage.get();
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  let status: number;
  let text: string;
  try {
    const response = await fetch(apiUrl(path), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
    status = response.status;
    // Read inside the try: a body cut short (the page left, the connection dropped after the
    // headers) is no answer either, and must not read as a failure the server gave.
    text = await response.text();
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new NetworkError(error);
  }

  return settle<T>(status, parseJson(text), token !== null, options);
}

/** Fetches a protected file (e.g. a license document) with the bearer token, as a Blob. */
export async function apiBlob(path: string): Promise<Blob> {
  const token = tokenStorage.get();
  const headers = new Headers();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let status: number;
  let blob: Blob;
  try {
    const response = await fetch(apiUrl(path), { headers });
    status = response.status;
    blob = await response.blob();
  } catch (error) {
    throw new NetworkError(error);
  }
  if (status < 200 || status >= 300) settle(status, parseJson(await blob.text()), token !== null, {});
  return blob;
}

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** Called with the share of the body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Extra request headers, such as an Idempotency-Key. */
  headers?: Record<string, string>;
}

/**
 * Multipart upload through XMLHttpRequest, because fetch cannot report upload progress and SPEC
 * wants a progress bar for every long upload (registration document, listing media).
 */
export function uploadWithProgress<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const token = tokenStorage.get();
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(options.method ?? 'POST', apiUrl(path));
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(options.headers ?? {})) request.setRequestHeader(name, value);

    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      try {
        resolve(settle<T>(request.status, parseJson(request.responseText), token !== null, {}));
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () => reject(new NetworkError());
    request.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });

    request.send(form);
  });
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isFailureBody(value: unknown): value is FailureBody {
  return typeof value === 'object' && value !== null && (value as { success?: unknown }).success === false;
}

/** Returns the payload of a success; throws ApiError (after ending the session on a 401) otherwise. */
function settle<T>(status: number, payload: unknown, sentToken: boolean, options: RequestOptions): T {
  const ok = status >= 200 && status < 300 && !isFailureBody(payload);
  if (ok) return payload as T;

  if (status === 401 && sentToken) {
    tokenStorage.remove();
    if (options.redirectOnUnauthorized !== false) unauthorizedHandler?.();
  }
  const body = isFailureBody(payload) ? payload : null;
  const text = body?.error || body?.message || undefined;
  throw new ApiError(status, text, body);
}
