import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { closeToOthers } from '../lib/private-data-dir.ts';
import * as schema from './schema/index.ts';

/** One type for both drivers; a transaction is a Db too, so services accept either. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded instance, when embedded (tests clone it; LISTEN/NOTIFY goes through it). */
  pglite: PGlite | null;
  /** The pool, when on PostgreSQL (LISTEN needs a dedicated client from it). */
  pool: pg.Pool | null;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** PostgreSQL pool size; 10 when not given. */
  databasePoolSize?: number;
  /** An existing embedded instance (tests pass a clone of the migrated template). */
  pglite?: PGlite;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // A connection attempt to an unreachable host fails after 5 s instead of holding the request.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.databasePoolSize ?? 10,
      connectionTimeoutMillis: 5000,
    });
    // An idle connection that the server drops (restart, failover) emits an error; pg discards
    // the connection and a later query opens a new one. Without a listener the process would die;
    // the app's outage tracker adds its own listener and logs the outage once (decision 056).
    pool.on('error', () => {});
    // pg-pool listens for errors only on idle connections. One checked out between two statements
    // (inside a transaction) when the server goes would emit 'error' with no listener and end the
    // process; instead it is reported like an idle one, its next query fails, and the pool drops it.
    pool.on('connect', (client) => client.on('error', (error) => pool.emit('error', error, client)));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', pglite: null, pool, close: () => pool.end() };
  }
  if (options.pglite) {
    const instance = options.pglite;
    const db = drizzlePglite(instance, { schema }) as unknown as Db;
    return { db, kind: 'pglite', pglite: instance, pool: null, close: () => instance.close() };
  }
  const dir = path.join(options.dataDir, 'pgdata');
  mkdirSync(dir, { recursive: true });
  const instance = await PGlite.create(dir);
  await closeToOthers(dir);
  const db = drizzlePglite(instance, { schema }) as unknown as Db;
  const close = async () => {
    await instance.close();
    await closeToOthers(dir);
  };
  return { db, kind: 'pglite', pglite: instance, pool: null, close };
}
