import { buildApp } from './app.ts';
import { configWarnings, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { keepDataPrivate } from './lib/private-data-dir.ts';
import { sweepMinAgeMs, sweepStaging } from './lib/uploads.ts';
import { sweepOrphanedFiles } from './modules/media/orphan-sweep.ts';
import { loggerOptions } from './observability/logger-options.ts';
import { networkExposureProblem } from './operator/network-exposure.ts';
import { ownDataDir } from './operator/server-ownership.ts';
import { seedDemoData } from './seed/demo.ts';

const config = loadConfig();
await keepDataPrivate(config.dataDir);
const ownership = await ownDataDir(config);
const database = await openDatabase(config);
await runMigrations(database);
await sweepStaging(config.dataDir, sweepMinAgeMs(database.kind));
const app = await buildApp({
  config,
  database,
  logger: loggerOptions(config),
});
for (const warning of configWarnings(config)) app.log.warn(warning);
const orphans = await sweepOrphanedFiles(app.ctx);
if (orphans > 0) app.log.warn(`removed ${orphans} stored files no row names (left by a killed process)`);
if (config.seedDemo && (await seedDemoData(app.ctx))) app.log.info('seeded demo accounts (see README)');
ownership.serve(app.ctx);

async function stop() {
  await ownership.closeChannel();
  await app.close();
  await database.close();
  await ownership.release();
}

// A stop stops accepting, ends live streams with a reconnect hint, lets open requests finish for
// up to 10 s (then cuts them), stops the background workers and exits 0.
const DRAIN_MS = 10_000;
let closing = false;
async function shutdown(reason: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${reason}: finishing open requests, then stopping`);
  const cut = setTimeout(() => {
    app.log.warn(`requests still open after ${DRAIN_MS / 1000} s; closing their connections`);
    app.server.closeAllConnections();
  }, DRAIN_MS);
  await stop();
  clearTimeout(cut);
  process.exit(0);
}
// Answers finished while stopping close their connection, so a keep-alive client does not hold
// the stop open until the drain limit.
app.addHook('onSend', async (_request, reply) => {
  if (closing) reply.header('connection', 'close');
});
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// Started by scripts/start.mjs over an IPC channel: if that script dies without passing a signal
// on (SIGKILL), the channel closes and the server stops rather than run on as an orphan.
if (process.send) process.on('disconnect', () => void shutdown('start script gone'));

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
