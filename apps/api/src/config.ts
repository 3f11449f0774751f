import path from 'node:path';
import { z } from 'zod';
import { type Env, optionalText, parseEnv, readAs, wholeNumber } from './config-env.ts';
import { type OperationsConfig, operationsConfig, operationsEnv } from './config-operations.ts';
import { WEB_DIST_DIR } from './locations.ts';

// Environment → typed configuration, read in one place: a zod schema over process.env (README's
// and ARCHITECTURE §1's table lists every variable). A bad value stops the start with one message
// that lists every bad variable, not just the first.

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | null;
  /** Connections in the PostgreSQL pool (decision 112). */
  databasePoolSize: number;
  /** Public catalog answers kept in memory per instance; 0 turns the cache off (decision 111). */
  catalogCacheEntries: number;
  dataDir: string;
  appUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  adminEmail: string;
  seedDemo: boolean;
  redisUrl: string | null;
  ffmpegPath: string;
  production: boolean;
  /** pino's level for the server log. */
  logLevel: string;
  ai: { baseUrl: string | null; apiKey: string | null; model: string | null };
  s3: {
    bucket: string | null;
    endpoint: string | null;
    region: string | null;
    accessKeyId: string | null;
    secretAccessKey: string | null;
  };
  /** Directory of the built web app; served when it exists. */
  webDistDir: string;
  /** How long a new message waits unread before its e-mail goes out (decision 023). */
  messageEmailDelayMs: number;
  /** How often saved searches are checked for new listings; 0: only by `npm run alerts:send` (decision 150). */
  savedSearchAlertIntervalMs: number;
  /** Runtime operations: proxy trust, request limits, metrics (decisions 055–057). */
  operations: OperationsConfig;
  /**
   * The weekly digest (decision 158): due from `day` (0 = Sunday) at `hour`, Pacific time; the
   * server checks every `checkMs` (0: it never does, and only `npm run digest:send` sends).
   */
  weeklyDigest: { day: number; hour: number; checkMs: number };
  /**
   * How often the server sends the invoice reminders due (issue 23, decision 220); 0: never, and
   * only `sendInvoiceReminders` run by hand sends them.
   */
  invoiceReminderCheckMs: number;
  /**
   * Webhook delivery (issue 24, decisions 228 and 229): how often the queue is polled (0: never, only
   * drain() sends), and whether loopback receivers, over plain http too, are allowed.
   */
  webhooks: { pollMs: number; allowLoopback: boolean };
}

export const DEFAULT_POOL_SIZE = 10;
export const DEFAULT_CATALOG_CACHE_ENTRIES = 4000;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

const envSchema = z.object({
  PORT: readAs(
    (raw) => `PORT must be a port number, got ${raw}`,
    (raw) => {
      const port = Number(raw);
      return Number.isInteger(port) && port >= 0 && port <= 65535 ? port : undefined;
    },
  ),
  HOST: optionalText(),
  DATABASE_URL: optionalText(),
  DATABASE_POOL_SIZE: readAs(
    (raw) => `DATABASE_POOL_SIZE must be a whole number from 1, got ${raw}`,
    (raw) => (/^\d+$/.test(raw) && Number(raw) >= 1 ? Number(raw) : undefined),
  ),
  CATALOG_CACHE_ENTRIES: wholeNumber('CATALOG_CACHE_ENTRIES'),
  DATA_DIR: optionalText(),
  APP_URL: optionalText(),
  SMTP_URL: optionalText(),
  MAIL_FROM: optionalText(),
  ADMIN_EMAIL: optionalText(),
  // Only an explicit "true" seeds when set; unset, the default depends on the database (below).
  SEED_DEMO: z.string().optional(),
  REDIS_URL: optionalText(),
  FFMPEG_PATH: optionalText(),
  NODE_ENV: z.string().optional(),
  LOG_LEVEL: readAs(
    (raw) => `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got ${raw}`,
    (raw) => LOG_LEVELS.find((level) => level === raw),
  ),
  AI_BASE_URL: optionalText(),
  AI_API_KEY: optionalText(),
  AI_MODEL: optionalText(),
  S3_BUCKET: optionalText(),
  S3_ENDPOINT: optionalText(),
  S3_REGION: optionalText(),
  S3_ACCESS_KEY_ID: optionalText(),
  S3_SECRET_ACCESS_KEY: optionalText(),
  MESSAGE_EMAIL_DELAY_SECONDS: readAs(
    (raw) => `MESSAGE_EMAIL_DELAY_SECONDS must be a number of seconds, got ${raw}`,
    (raw) => (Number(raw) >= 0 ? Number(raw) : undefined),
  ),
  WEEKLY_DIGEST_DAY: wholeNumber('WEEKLY_DIGEST_DAY', 6),
  WEEKLY_DIGEST_HOUR: wholeNumber('WEEKLY_DIGEST_HOUR', 23),
  WEEKLY_DIGEST_CHECK_SECONDS: wholeNumber('WEEKLY_DIGEST_CHECK_SECONDS', 7 * 24 * 3600),
  INVOICE_REMINDER_CHECK_SECONDS: wholeNumber('INVOICE_REMINDER_CHECK_SECONDS', 7 * 24 * 3600),
  WEBHOOK_POLL_SECONDS: wholeNumber('WEBHOOK_POLL_SECONDS', 3600),
  WEBHOOK_ALLOW_LOOPBACK: readAs(
    (raw) => `WEBHOOK_ALLOW_LOOPBACK must be true or false, got ${raw}`,
    (raw) => (raw === 'true' ? true : raw === 'false' ? false : undefined),
  ),
  SAVED_SEARCH_ALERT_INTERVAL_SECONDS: readAs(
    (raw) => `SAVED_SEARCH_ALERT_INTERVAL_SECONDS must be a number of seconds, got ${raw}`,
    (raw) => (Number(raw) >= 0 ? Number(raw) : undefined),
  ),
  ...operationsEnv,
});

/** Fine on one machine; a public install that keeps it shows visitors an address nobody reads. */
export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

/**
 * Settings the server can run with but should not, said once at start. A production install
 * without ADMIN_EMAIL shows admin@localhost as the contact on the help, privacy, terms and account
 * status pages.
 */
export function configWarnings(config: Pick<Config, 'production' | 'adminEmail'>): string[] {
  return config.production && config.adminEmail === DEFAULT_ADMIN_EMAIL
    ? [
        `ADMIN_EMAIL is not set: the help, privacy and terms pages and the account status screen give ${DEFAULT_ADMIN_EMAIL} as the contact address`,
      ]
    : [];
}

export function loadConfig(env: Env = process.env): Config {
  const vars = parseEnv(envSchema, env);
  const port = vars.PORT ?? 3000;
  const production = vars.NODE_ENV === 'production';
  const seedDefault = !vars.DATABASE_URL && !production;
  return {
    port,
    host: vars.HOST ?? '127.0.0.1',
    databaseUrl: vars.DATABASE_URL,
    databasePoolSize: vars.DATABASE_POOL_SIZE ?? DEFAULT_POOL_SIZE,
    catalogCacheEntries: vars.CATALOG_CACHE_ENTRIES ?? DEFAULT_CATALOG_CACHE_ENTRIES,
    dataDir: path.resolve(vars.DATA_DIR ?? './data'),
    appUrl: (vars.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM ?? 'Canopy <no-reply@localhost>',
    adminEmail: vars.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL,
    seedDemo: vars.SEED_DEMO === undefined ? seedDefault : vars.SEED_DEMO === 'true' && !production,
    redisUrl: vars.REDIS_URL,
    ffmpegPath: vars.FFMPEG_PATH ?? 'ffmpeg',
    production,
    logLevel: vars.LOG_LEVEL ?? 'info',
    ai: { baseUrl: vars.AI_BASE_URL, apiKey: vars.AI_API_KEY, model: vars.AI_MODEL },
    s3: {
      bucket: vars.S3_BUCKET,
      endpoint: vars.S3_ENDPOINT,
      region: vars.S3_REGION,
      accessKeyId: vars.S3_ACCESS_KEY_ID,
      secretAccessKey: vars.S3_SECRET_ACCESS_KEY,
    },
    webDistDir: WEB_DIST_DIR,
    messageEmailDelayMs: (vars.MESSAGE_EMAIL_DELAY_SECONDS ?? 90) * 1000,
    // A quarter of an hour: an alert is at most daily anyway, and a check of every search is cheap.
    savedSearchAlertIntervalMs: (vars.SAVED_SEARCH_ALERT_INTERVAL_SECONDS ?? 900) * 1000,
    operations: operationsConfig(vars),
    weeklyDigest: {
      day: vars.WEEKLY_DIGEST_DAY ?? 1,
      hour: vars.WEEKLY_DIGEST_HOUR ?? 8,
      checkMs: (vars.WEEKLY_DIGEST_CHECK_SECONDS ?? 3600) * 1000,
    },
    invoiceReminderCheckMs: (vars.INVOICE_REMINDER_CHECK_SECONDS ?? 3600) * 1000,
    webhooks: {
      pollMs: (vars.WEBHOOK_POLL_SECONDS ?? 2) * 1000,
      // A receiver on the developer's own machine; never in production unless asked for.
      allowLoopback: vars.WEBHOOK_ALLOW_LOOPBACK ?? !production,
    },
  };
}
