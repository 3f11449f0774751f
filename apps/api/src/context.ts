import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Mailer } from './lib/mail-queue.ts';
import type { FileStore, PublicFileStore } from './lib/storage.ts';
import type { WebhookDispatcher } from './modules/webhooks/index.ts';

/** What every route and service may reach; built once in buildApp and shared. */
export interface AppContext {
  config: Config;
  log: FastifyBaseLogger;
  database: Database;
  /** Queues mail durably; its worker delivers it (decision 070). */
  mailer: Mailer;
  /** Sends the webhook deliveries that changes queued in their transactions (decision 228). */
  webhooks: WebhookDispatcher;
  /** Files only their owner and admins may read (license documents). */
  privateFiles: FileStore;
  /** Files anyone may fetch by URL (listing media, lab results): DATA_DIR/uploads or S3. */
  publicFiles: PublicFileStore;
}
