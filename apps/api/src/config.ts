import path from 'node:path';
import { loadOperationsConfig, type OperationsConfig } from './config-operations.ts';

// Environment → typed configuration, read in one place (ARCHITECTURE §1 lists every variable).

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
  /** Runtime operations: proxy trust, request limits, metrics (decisions 055–057). */
  operations: OperationsConfig;
}

type Env = Record<string, string | undefined>;

export const DEFAULT_POOL_SIZE = 10;
export const DEFAULT_CATALOG_CACHE_ENTRIES = 4000;

const nonEmpty = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : null);

function count(env: Env, name: string, fallback: number, min: number): number {
  const raw = nonEmpty(env[name]);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min)
    throw new Error(`${name} must be a whole number from ${min}, got ${raw}`);
  return value;
}

export function loadConfig(env: Env = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  const production = env.NODE_ENV === 'production';
  const seedDefault = !databaseUrl && !production;
  const messageEmailDelaySeconds = Number(nonEmpty(env.MESSAGE_EMAIL_DELAY_SECONDS) ?? 90);
  if (!(messageEmailDelaySeconds >= 0))
    throw new Error(
      `MESSAGE_EMAIL_DELAY_SECONDS must be a number of seconds, got ${env.MESSAGE_EMAIL_DELAY_SECONDS}`,
    );
  return {
    port,
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    databaseUrl,
    databasePoolSize: count(env, 'DATABASE_POOL_SIZE', DEFAULT_POOL_SIZE, 1),
    catalogCacheEntries: count(env, 'CATALOG_CACHE_ENTRIES', DEFAULT_CATALOG_CACHE_ENTRIES, 0),
    dataDir: path.resolve(nonEmpty(env.DATA_DIR) ?? './data'),
    appUrl: (nonEmpty(env.APP_URL) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? 'Canopy <no-reply@localhost>',
    adminEmail: nonEmpty(env.ADMIN_EMAIL) ?? 'admin@localhost',
    seedDemo: env.SEED_DEMO === undefined ? seedDefault : env.SEED_DEMO === 'true' && !production,
    redisUrl: nonEmpty(env.REDIS_URL),
    ffmpegPath: nonEmpty(env.FFMPEG_PATH) ?? 'ffmpeg',
    production,
    ai: {
      baseUrl: nonEmpty(env.AI_BASE_URL),
      apiKey: nonEmpty(env.AI_API_KEY),
      model: nonEmpty(env.AI_MODEL),
    },
    s3: {
      bucket: nonEmpty(env.S3_BUCKET),
      endpoint: nonEmpty(env.S3_ENDPOINT),
      region: nonEmpty(env.S3_REGION),
      accessKeyId: nonEmpty(env.S3_ACCESS_KEY_ID),
      secretAccessKey: nonEmpty(env.S3_SECRET_ACCESS_KEY),
    },
    webDistDir: path.resolve(import.meta.dirname, '../../web/dist'),
    messageEmailDelayMs: messageEmailDelaySeconds * 1000,
    operations: loadOperationsConfig(env),
  };
}
