import { buildApp } from './app.ts';
import { seedDemoData } from './cli/demo-seed.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { loggerOptions } from './observability/logger-options.ts';

const config = loadConfig();
const database = await openDatabase(config);
await runMigrations(database);
const app = await buildApp({
  config,
  database,
  logger: loggerOptions(config, process.env.LOG_LEVEL),
});
if (config.seedDemo && (await seedDemoData(app.ctx))) app.log.info('seeded demo accounts (see README)');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: finishing open requests, then stopping`);
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const ai = config.ai.baseUrl
  ? `OpenAI-compatible endpoint at ${new URL(config.ai.baseUrl).host}`
  : 'built-in rule-based editor';
app.log.info(
  `Canopy is serving http://${config.host}:${config.port} (database: ${database.kind}, mail: ${app.ctx.mailer.describe()}, AI Enhance: ${ai})`,
);
