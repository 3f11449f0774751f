import { isIP } from 'node:net';
import type { z } from 'zod';
import { optionalText, readAs, wholeNumber } from './config-env.ts';

// The runtime-operations part of the environment: whom to trust for the client address, how many
// requests a client may make, and where metrics are served (decisions 055–057).

export interface OperationsConfig {
  /** Fastify's `trustProxy`: false, true, the proxies' addresses/CIDRs, or a hop-count rule. */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** Global requests per client per minute; 0 turns the global limit off. */
  rateLimitPerMinute: number;
  /** Prometheus text on a listener of its own, never on the app port (decision 057). */
  metrics: { enabled: boolean; host: string; port: number };
}

export const DEFAULT_RATE_LIMIT_PER_MINUTE = 600;
export const DEFAULT_METRICS_PORT = 9464;

// proxy-addr's names for whole address ranges, accepted as list entries like Fastify does.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * The nearest `hops` addresses of the chain (the peer, then X-Forwarded-For from the right) are
 * proxies. Fastify 5 now ignores a bare number (it cannot tell a proxy from a client that writes
 * its own header), so the rule is spelled out here; like `true`, it is only safe when the app port
 * is reachable through the proxies alone (decision 055).
 */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** TRUST_PROXY's value as Fastify's option, or undefined when it is none of the accepted forms. */
function readTrustProxy(value: string): OperationsConfig['trustProxy'] | undefined {
  if (value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return trustHops(Number(value));
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isAddressOrCidr) ? entries : undefined;
}

/** The operations variables, as part of the environment schema in config.ts. */
export const operationsEnv = {
  TRUST_PROXY: readAs(
    (raw) =>
      `TRUST_PROXY must be true, a hop count, or a comma-separated list of proxy addresses/CIDRs, got "${raw}"`,
    readTrustProxy,
  ),
  RATE_LIMIT_PER_MINUTE: wholeNumber('RATE_LIMIT_PER_MINUTE'),
  // Anything but "true" leaves metrics off, as before.
  METRICS: optionalText().transform((value) => value === 'true'),
  METRICS_HOST: optionalText(),
  METRICS_PORT: wholeNumber('METRICS_PORT', 65535),
};

type OperationsEnv = { [K in keyof typeof operationsEnv]: z.output<(typeof operationsEnv)[K]> };

export function operationsConfig(env: OperationsEnv): OperationsConfig {
  return {
    trustProxy: env.TRUST_PROXY ?? false,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
    metrics: {
      enabled: env.METRICS,
      host: env.METRICS_HOST ?? '127.0.0.1',
      port: env.METRICS_PORT ?? DEFAULT_METRICS_PORT,
    },
  };
}
