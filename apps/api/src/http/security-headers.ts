import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

// Helmet's security headers (CSP, HSTS, frame and referrer policies, …) on every answer. They
// depend on the configuration alone, so they are worked out once at start: @fastify/helmet built
// helmet's middleware anew for every request (parsing and checking the CSP directives each time),
// a measurable share of a cached product page's time under load (decision 160).

/** The headers helmet sets for these options, and the ones it removes (X-Powered-By). */
export function securityHeaders(options: HelmetOptions): { set: [string, string][]; removed: string[] } {
  const set = new Map<string, string>();
  const removed: string[] = [];
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      set.delete(name.toLowerCase());
      removed.push(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return { set: [...set], removed };
}

/**
 * Sets them on the raw response, as helmet itself did, so answers that write their own head (streams,
 * files) carry them too.
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const { set, removed } = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of set) reply.raw.setHeader(name, value);
    for (const name of removed) reply.raw.removeHeader(name);
    done();
  });
}
