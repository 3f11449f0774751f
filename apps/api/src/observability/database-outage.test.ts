import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from './database-outage.ts';

// Which failures mean "the database cannot be reached" (503) and which are still bugs (500).

const endpoint = { host: 'db.internal', port: 5432 };
const socketError = (code: string, extra: Record<string, unknown>) =>
  Object.assign(new Error(`connect ${code}`), { code, ...extra });

describe('isDatabaseUnreachable', () => {
  it.each([
    ['a server shutting down (57P01)', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    [
      'a server starting up (57P03)',
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    ],
    ['a connection failure (08006)', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['a connection that died', new Error('Connection terminated unexpectedly')],
    ['a connection that never came', new Error('timeout exceeded when trying to connect')],
    [
      'a refused connection to the database port',
      socketError('ECONNREFUSED', { address: '10.0.0.5', port: 5432 }),
    ],
    ['an unknown database host', socketError('ENOTFOUND', { hostname: 'db.internal' })],
    ['a missing Unix socket', socketError('ENOENT', { address: '/var/run/postgresql/.s.PGSQL.5432' })],
  ])('recognises %s, also wrapped by the query builder', (_name, error) => {
    expect(isDatabaseUnreachable(error, endpoint)).toBe(true);
    const wrapped = Object.assign(new Error('Failed query: select 1'), { cause: error });
    expect(isDatabaseUnreachable(wrapped, endpoint)).toBe(true);
  });

  it('recognises an attempt on several addresses that all failed', () => {
    const attempt = Object.assign(
      new AggregateError([
        socketError('ECONNREFUSED', { address: '::1', port: 5432 }),
        socketError('ECONNREFUSED', { address: '127.0.0.1', port: 5432 }),
      ]),
      { code: 'ECONNREFUSED' },
    );
    expect(isDatabaseUnreachable(attempt, endpoint)).toBe(true);
  });

  it.each([
    ['a refused SMTP connection', socketError('ECONNREFUSED', { address: '10.0.0.9', port: 587 })],
    ['an unknown AI host', socketError('ENOTFOUND', { hostname: 'api.example.com' })],
    ['a missing file', socketError('ENOENT', { path: '/data/uploads/x.webp' })],
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax error'), { code: '42601' })],
    ['a plain bug', new TypeError('x is undefined')],
  ])('does not mistake %s for it', (_name, error) => {
    expect(isDatabaseUnreachable(error, endpoint)).toBe(false);
  });

  it('never applies to the embedded database', () => {
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'), null)).toBe(false);
  });
});
