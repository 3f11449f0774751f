import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function withAdminClient<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A new PostgreSQL database on the server TEST_DATABASE_URL names: empty, so a server migrates and
 * seeds it as on a first start in production, or a copy of `template` (a database nobody is
 * connected to).
 */
export async function createTestDatabase(adminUrl: string, template?: string): Promise<TestDatabase> {
  const name = `e2e_${randomBytes(6).toString('hex')}`;
  const copy = template ? ` TEMPLATE ${template}` : '';
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}${copy}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      // FORCE: a server that died mid-run may still hold connections.
      await withAdminClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}
