import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../locations.ts';
import type { Database } from './client.ts';

/** Applies the committed migrations; safe to run at every start. */
export async function runMigrations(database: Database): Promise<void> {
  const options = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'pglite') await migratePglite(database.db as unknown as PgliteDatabase, options);
  else await migratePg(database.db as unknown as NodePgDatabase, options);
}
