import { buildApp } from './app.ts';
import { seedDemoData } from './cli/demo-seed.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { networkExposureProblem } from './operator/network-exposure.ts';
import { ownDataDir } from './operator/server-ownership.ts';

const config = loadConfig();
const ownership = await ownDataDir(config);
const database = await openDatabase(config);
await runMigrations(database);
const app = await buildApp({
  config,
  database,
  logger: { level: process.env.LOG_LEVEL ?? 'info' },
});
if (config.seedDemo && (await seedDemoData(app.ctx))) app.log.info('seeded demo accounts (see README)');
ownership.serve(app.ctx);

async function stop() {
  await ownership.closeChannel();
  await app.close();
  await database.close();
  await ownership.release();
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: finishing open requests, then stopping`);
  await stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

const exposure = await networkExposureProblem(config, database.db);
if (exposure) {
  app.log.error(exposure);
  closing = true;
  await stop();
  process.exit(1);
}

await app.listen({ port: config.port, host: config.host });
const ai = config.ai.baseUrl
  ? `OpenAI-compatible endpoint at ${new URL(config.ai.baseUrl).host}`
  : 'built-in rule-based editor';
app.log.info(
  `Canopy is serving http://${config.host}:${config.port} (database: ${database.kind}, mail: ${app.ctx.mailer.describe()}, AI Enhance: ${ai})`,
);
