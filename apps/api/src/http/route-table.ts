import type { JsonResponses, Method, MultipartBody, RawResponse, RouteAddress } from '@canopy/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { AppError, badRequest } from '../lib/errors.ts';
import type { SessionUser } from '../lib/session.ts';

/**
 * Who may call a route. Every route declares exactly one; the route table applies it before the
 * handler runs, so authorisation is uniform and can be enumerated (an access matrix test walks it).
 * - public: anyone; a valid token still identifies the caller.
 * - session: signed in, whatever the account status (SPEC: /auth/me and the profile still answer).
 * - verified: signed in with status verified.
 * - seller | buyer | admin: verified and of that role.
 */
export type Access = 'public' | 'session' | 'verified' | 'seller' | 'buyer' | 'admin';

export type { JsonResponses, Method, MultipartBody, RawResponse } from '@canopy/shared';
export { isRawResponse, rawResponse } from '@canopy/shared';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler may return: a body its response schema accepts, or the reply it has sent itself. */
type Answer<R> = R extends RawResponse
  ? FastifyReply
  : R extends JsonResponses
    ? z.input<R[keyof R]> | FastifyReply
    : never;

export interface HandlerArgs<A extends Access = Access, P = undefined, Q = undefined, B = undefined> {
  request: FastifyRequest;
  reply: FastifyReply;
  ctx: AppContext;
  /** Present whenever a valid token came with the request; always present behind a non-public access. */
  auth: A extends 'public' ? SessionUser | null : SessionUser;
  /** The path parameters, parsed by `params`; a malformed one is a 404 with its schema's text. */
  params: P;
  /** The query string, parsed by `query`; the first problem is a 400 with its own text. */
  query: Q;
  /** The JSON body, parsed by `body`; the first problem is a 400 with its own text. */
  body: B;
}

/** What only the server knows about a route: who may call it and how often, how big a body may be. */
export interface ServerFields<A extends Access> {
  access: A;
  /** Per-route body limit in bytes for JSON (multipart routes set their own limits). */
  bodyLimit?: number;
  /** Per-route request rate limit per minute, tighter than the global one. */
  rateLimitPerMinute?: number;
  /** Whom the per-route limit counts: the client address (default) or the signed-in session. */
  rateLimitBy?: 'address' | 'session';
  /** Served at `url` itself rather than under /api (SPEC's aliases, the development outbox). */
  absolute?: boolean;
  /**
   * Honours an Idempotency-Key header (decision 223): the same request under the same key within
   * 24 hours answers what the first did, without acting again. Only for routes that need a caller.
   */
  idempotent?: A extends 'public' ? never : boolean;
}

/**
 * One route: its shared contract (decision 200: method, path, summary, schemas) and the server's
 * own fields. Everything the server, the OpenAPI document and the tests read.
 */
export interface RouteSpec<
  A extends Access,
  P extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  R extends JsonResponses | RawResponse,
> extends ServerFields<A>,
    RouteAddress {
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  multipart?: MultipartBody;
  response: R;
}

type Handler<A extends Access, P, Q, B, R> = (
  args: HandlerArgs<A, Parsed<P>, Parsed<Q>, Parsed<B>>,
) => Promise<Answer<R>>;

/** A route as the table holds it, its types erased; `route()` checked them where it was written. */
export interface RouteDef {
  method: Method;
  url: string;
  absolute?: boolean;
  summary: string;
  access: Access;
  bodyLimit?: number;
  rateLimitPerMinute?: number;
  rateLimitBy?: 'address' | 'session';
  idempotent?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  multipart?: MultipartBody;
  response: JsonResponses | RawResponse;
  handler: (args: HandlerArgs<Access, unknown, unknown, unknown>) => Promise<unknown>;
}

/**
 * Declares a route: `route({...contracts.x, access}).handle(async (args) => body)`. The handler
 * comes second so that its type is fixed by then: its arguments are typed from the schemas, and
 * what it returns must match the response schema, field by field and literal by literal (fields
 * the schema does not name are dropped by the serialiser, never sent).
 */
export function route<
  A extends Access,
  R extends JsonResponses | RawResponse,
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(spec: RouteSpec<A, P, Q, B, R>) {
  return {
    handle: (handler: Handler<A, P, Q, B, R>): RouteDef => ({ ...spec, handler }) as unknown as RouteDef,
  };
}

export const API_PREFIX = '/api';

export const fullPath = (route: Pick<RouteDef, 'url' | 'absolute'>) =>
  route.absolute ? route.url : `${API_PREFIX}${route.url}`;

/** Parses input with a shared zod schema; the first problem becomes a 400 with its own text. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  throw badRequest(issue?.message ?? 'Invalid request');
}

/**
 * Parses path parameters. Ids in a path are opaque: one that is malformed cannot name a row, so
 * it is simply not found, with the text its schema gives (e.g. `uuidParam(LISTINGS.notFound)`).
 */
export function parseParams<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  throw new AppError('NOT_FOUND', issue?.message ?? 'Not found');
}
