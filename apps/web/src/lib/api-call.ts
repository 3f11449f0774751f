import {
  addressPath,
  type ContractAt,
  type RawResponse,
  type RouteAddress,
  type RouteAnswer,
  type RouteInput,
  type RoutePathInput,
} from '@canopy/shared';
import { apiBlob, apiRequest, type RequestOptions, uploadWithProgress } from './api-client.ts';

// The web app's one way to call a route (decision 200). A call names the route by its address from
// the shared package (`catalogAddresses.product`), which holds no schema, so a screen on the
// catalog's first download can call without loading zod; its input and answer are typed from the
// contract at that address, imported as types only. The transport is api-client.ts's: the token,
// the failure errors and their codes, aborts, extra headers, upload progress.

/** How a call travels, besides what it sends. */
export interface CallOptions
  extends Pick<RequestOptions, 'signal' | 'headers' | 'redirectOnUnauthorized' | 'sendToken'> {
  /** A multipart upload's progress from 0 to 1; it is then sent with XMLHttpRequest, which reports it. */
  onProgress?: (fraction: number) => void;
}

type CallInput<A extends RouteAddress> = RouteInput<ContractAt<A>> & CallOptions;

/** The input may be left out when nothing in it is required. */
type CallArgs<A extends RouteAddress> =
  object extends CallInput<A> ? [input?: CallInput<A>] : [input: CallInput<A>];

type PathInput<A extends RouteAddress> = RoutePathInput<ContractAt<A>>;
type PathArgs<A extends RouteAddress> =
  object extends PathInput<A> ? [input?: PathInput<A>] : [input: PathInput<A>];

type JsonAnswer<C> = C extends { response: RawResponse } ? never : RouteAnswer<C>;

interface LooseInput extends CallOptions {
  params?: Record<string, unknown>;
  query?: Record<string, unknown> | URLSearchParams;
  body?: unknown;
}

/** A query's values as the address's text; an absent or empty value is no filter, so it is left out. */
function searchOf(query: LooseInput['query']): URLSearchParams {
  if (query instanceof URLSearchParams) return query;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') search.append(name, String(item));
    }
  }
  return search;
}

function pathOf(address: RouteAddress, { params, query }: LooseInput): string {
  const path = addressPath(address, params);
  const search = searchOf(query).toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The path a call fetches (under /api): each `:name` filled with its parameter, encoded, then the
 * query. Also what a link to a file route, or a page answer's key, is made of.
 */
export function routePath<A extends RouteAddress>(address: A, ...[input]: PathArgs<A>): string {
  return pathOf(address, (input ?? {}) as LooseInput);
}

/** Calls the route at `address` and answers its success body, typed by the route's contract. */
export async function call<A extends RouteAddress>(
  address: A,
  ...[input]: CallArgs<A>
): Promise<JsonAnswer<ContractAt<A>>> {
  const { params, query, body, onProgress, ...options } = (input ?? {}) as LooseInput;
  const path = pathOf(address, { params, query });
  if (body instanceof FormData && onProgress) {
    return uploadWithProgress(path, body, {
      method: address.method as 'POST' | 'PUT',
      onProgress,
      signal: options.signal,
      headers: options.headers,
    });
  }
  return apiRequest(path, { ...options, method: address.method, body });
}

/** Fetches what a file route sends (a document, a CSV export) with the bearer token, as a Blob. */
export async function callForFile<A extends RouteAddress>(
  address: A,
  ...[input]: CallArgs<A>
): Promise<Blob> {
  return apiBlob(pathOf(address, (input ?? {}) as LooseInput));
}
