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

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HandlerArgs {
  request: FastifyRequest;
  reply: FastifyReply;
  ctx: AppContext;
  /** Present whenever a valid token came with the request. */
  auth: SessionUser | null;
}

export interface AuthedArgs extends HandlerArgs {
  auth: SessionUser;
}

interface BaseRoute {
  method: Method;
  /** Path under /api, unless `absolute` is set. */
  url: string;
  absolute?: boolean;
  /** Per-route body limit in bytes for JSON (multipart routes set their own limits). */
  bodyLimit?: number;
  /** Per-route request rate limit per minute, tighter than the global one. */
  rateLimitPerMinute?: number;
  /** Whom the per-route limit counts: the client address (default) or the signed-in session. */
  rateLimitBy?: 'address' | 'session';
}

export type RouteDef =
  | (BaseRoute & { access: 'public'; handler: (args: HandlerArgs) => Promise<unknown> })
  | (BaseRoute & { access: Exclude<Access, 'public'>; handler: (args: AuthedArgs) => Promise<unknown> });

/** Keeps a module's route list typed without repeating the union at every entry. */
export const defineRoutes = (routes: RouteDef[]) => routes;

/** Parses input with a shared zod schema; the first problem becomes a 400 with its own text. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  throw badRequest(issue?.message ?? 'Invalid request');
}

/** Path ids are opaque; anything malformed cannot name a row, so it is simply not found. */
export function requireId(
  value: unknown,
  notFoundText: string,
  isValid: (id: unknown) => id is string,
): string {
  if (!isValid(value)) throw new AppError('NOT_FOUND', notFoundText);
  return value;
}
