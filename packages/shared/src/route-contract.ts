import type { z } from 'zod';

// A route's contract (decision 200): where it answers, what it takes and what it answers, written
// once here and read by both sides. The API registers it with its access and limits; the web app
// calls it. Each feature has two files: `addresses.ts` (method and path only, no zod, so the
// catalog's first download can call a route without the schema library) and `routes.ts` (the
// addresses with their schemas). This module imports zod as types only, for the same reason.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where a route answers: its method and its path under /api, with `:name` for each parameter. */
export interface RouteAddress<M extends Method = Method, U extends string = string> {
  readonly method: M;
  readonly url: U;
}

export const address = <const M extends Method, const U extends string>(method: M, url: U) =>
  ({ method, url }) as RouteAddress<M, U>;

/**
 * The address's path with each `:name` filled, encoded: what the web app fetches, and the key of a
 * page answer the server writes for it (decision 180).
 */
export function addressPath(at: RouteAddress, params: Readonly<Record<string, unknown>> = {}): string {
  return at.url.replace(/:(\w+)/g, (_token, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${at.method} ${at.url} needs its :${name}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** JSON answers by status code; the server writes each from its schema (decision 090). */
export type JsonResponses = { readonly [status: number]: z.ZodType };

/**
 * An answer that is not a JSON body (a file, a CSV export, a page, an event stream): the handler
 * sends it itself, and the OpenAPI document names its content type.
 */
export interface RawResponse {
  readonly kind: 'raw';
  readonly status: number;
  readonly contentType: string;
  readonly description: string;
}

export const rawResponse = (contentType: string, description: string, status = 200): RawResponse => ({
  kind: 'raw',
  status,
  contentType,
  description,
});

export const isRawResponse = (response: JsonResponses | RawResponse): response is RawResponse =>
  (response as RawResponse).kind === 'raw';

/** A multipart/form-data body: its text fields are documented; the handler reads and parses it with its files. */
export interface MultipartBody {
  readonly fields: z.ZodType;
  /** The file parts, by field name, with what each may hold. */
  readonly files: Readonly<Record<string, string>>;
}

/** What a contract adds to its address. */
export interface RouteParts {
  /** One line for the OpenAPI reference. */
  readonly summary: string;
  /** Path parameters; a malformed one is a 404 with the schema's text. */
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** A JSON body. */
  readonly body?: z.ZodType;
  readonly multipart?: MultipartBody;
  readonly response: JsonResponses | RawResponse;
}

export type RouteContract = RouteAddress & RouteParts;

/**
 * A feature's contracts: each address with its schemas. Keyed like the addresses, so every address
 * has exactly one contract and the type checker says which is missing.
 */
export function defineRoutes<
  const A extends Readonly<Record<string, RouteAddress>>,
  const S extends { readonly [K in keyof A]: RouteParts },
>(addresses: A, parts: S): { readonly [K in keyof A]: A[K] & S[K] } {
  return Object.fromEntries(
    Object.entries(addresses).map(([name, at]) => [name, { ...at, ...parts[name] }]),
  ) as { [K in keyof A]: A[K] & S[K] };
}

type Field<C, K extends string> = C extends { readonly [P in K]: infer S } ? S : undefined;
type Values<S> = S extends z.ZodType ? z.input<S> : never;

/** Path parameters by name, as text or numbers: each fills its `:name` token. */
type ParamsInput<C> = Field<C, 'params'> extends z.ZodType ? { params: Values<Field<C, 'params'>> } : unknown;

/**
 * A query in the types it is read as (`active: true`, `page: 2`): the schemas read the text of the
 * address back into these types, so a caller states what it means and the call writes the text.
 * A `URLSearchParams` is sent as it is, for a query whose order matters (a page answer's key).
 */
type QueryInput<C> =
  Field<C, 'query'> extends z.ZodType
    ? { query?: Partial<z.output<Field<C, 'query'>>> | URLSearchParams }
    : unknown;

/** A JSON body as its schema takes it; a multipart route takes the form data itself. */
type BodyInput<C> =
  Field<C, 'body'> extends z.ZodType
    ? { body: Values<Field<C, 'body'>> }
    : Field<C, 'multipart'> extends MultipartBody
      ? { body: FormData }
      : unknown;

/** What names one resource of the route: its path parameters and its query. */
export type RoutePathInput<C> = ParamsInput<C> & QueryInput<C>;

/** What a call of the contract needs besides how it travels. */
export type RouteInput<C> = RoutePathInput<C> & BodyInput<C>;

/** What a call answers: the success body as the server writes it, or the file a raw route sends. */
export type RouteAnswer<C> =
  Field<C, 'response'> extends infer R
    ? R extends RawResponse
      ? Blob
      : R extends JsonResponses
        ? z.output<R[keyof R]>
        : never
    : never;

/** A route's query as its schema reads it: what a screen keeps as its filters. */
export type RouteQuery<C> = Field<C, 'query'> extends z.ZodType ? z.output<Field<C, 'query'>> : never;

/** A route's JSON body as a caller writes it. */
export type RouteBody<C> = Field<C, 'body'> extends z.ZodType ? z.input<Field<C, 'body'>> : never;
