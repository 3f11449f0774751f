import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Mailer } from './lib/mail.ts';
import type { FileStore } from './lib/storage.ts';

/** What every route and service may reach; built once in buildApp and shared. */
export interface AppContext {
  config: Config;
  log: FastifyBaseLogger;
  database: Database;
  mailer: Mailer;
  /** Files only their owner and admins may read (license documents). */
  privateFiles: FileStore;
}
