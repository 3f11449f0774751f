import http from 'node:http';
import type { Socket } from 'node:net';
import { GENERIC, INPUT_TEXTS } from '@canopy/shared';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { failureBody } from '../lib/errors.ts';
import { fullPath } from './register-routes.ts';
import type { RouteDef } from './route-table.ts';

// Fastify answers some requests before any route or error handler runs: a URL it cannot decode,
// a path parameter longer than its router allows, a malformed request line or oversized headers,
// and every request that arrives while the server shuts down. Each of those would carry Fastify's
// own body; these options route them into SPEC's failure body like every other error (decision 065).

const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: INPUT_TEXTS.badUrl },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: INPUT_TEXTS.urlTooLong },
};

function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const known = FRAMEWORK_ERRORS[error.code];
  if (known) {
    reply.status(known.status).send(failureBody(known.status, known.message));
    return;
  }
  reply.status(400).send(failureBody(400, INPUT_TEXTS.badUrl));
}

/** Errors Node's HTTP parser raises before Fastify sees a request; the socket is closed after. */
function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, INPUT_TEXTS.requestTimeout]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, INPUT_TEXTS.headersTooLarge]
        : [400, GENERIC.badRequest];
  const body = JSON.stringify(failureBody(status, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * The Fastify options that hand the framework's own refusals to us. Fastify's built-in 503 during
 * shutdown is turned off because `installShutdownGuard` answers the same requests itself.
 */
export const frameworkErrorOptions = {
  frameworkErrors,
  clientErrorHandler,
  return503OnClosing: false,
} satisfies Partial<FastifyServerOptions>;

/** Requests that arrive once shutdown has begun get a 503 failure body and a closed connection. */
export function installShutdownGuard(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    return reply.status(503).header('connection', 'close').send(failureBody(503, INPUT_TEXTS.unavailable));
  });
}

/** A route path as a pattern matching concrete URLs (":id" is one path segment). */
const pathPattern = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]+')}$`);

/**
 * The methods the route table answers at a concrete URL, for a 405 with an Allow header when the
 * path exists but the method does not. GET implies HEAD, as Fastify serves both.
 */
export function methodsAllowedAt(routes: RouteDef[]): (url: string) => string[] {
  const patterns = routes.map((route) => ({ method: route.method, pattern: pathPattern(fullPath(route)) }));
  return (url) => {
    const path = url.split('?')[0] ?? '';
    const methods = new Set<string>();
    for (const { method, pattern } of patterns) {
      if (!pattern.test(path)) continue;
      methods.add(method);
      if (method === 'GET') methods.add('HEAD');
    }
    return [...methods];
  };
}
