import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

// /dev/mail shows every e-mail the server wrote, password-reset links included, so it is a
// development convenience that must never be reachable by anyone but the developer at this
// machine: only with the outbox (no SMTP_URL) outside production, only over a direct loopback
// connection, and only for a Host the developer would type, so that a web page elsewhere cannot
// read it through DNS rebinding (decision 051).

export const devMailEnabled = (config: Pick<Config, 'production' | 'smtpUrl'>) =>
  !config.production && config.smtpUrl === null;

/** 127.0.0.0/8, ::1 and IPv4-mapped loopback, as socket addresses or Host names. */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(bare);
}

const hostOf = (value: string) => {
  try {
    return new URL(`http://${value}`);
  } catch {
    return null;
  }
};

/** Headers a proxy adds: behind one, a loopback socket says nothing about who is asking. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

export function isLocalDevRequest(request: FastifyRequest, config: Pick<Config, 'appUrl'>): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress ?? '')) return false;
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  const host = hostOf(request.headers.host ?? '');
  if (!host) return false;
  if (host.hostname === 'localhost' || isLoopbackAddress(host.hostname)) return true;
  return host.host === new URL(config.appUrl).host;
}
