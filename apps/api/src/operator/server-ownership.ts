import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { openOperatorChannel } from './channel.ts';
import { type OperatorContext, runOperatorCommand } from './commands.ts';
import { DataDirBusyError, lockDataDir } from './data-dir-lock.ts';

/** The server's context: what commands need, and its log. */
type ServedContext = OperatorContext & { log: FastifyBaseLogger };

export interface ServerOwnership {
  /** Starts answering operator commands with the server's own database. */
  serve(ctx: ServedContext): void;
  /** Stops taking commands and waits for the ones under way; call before closing the database. */
  closeChannel(): Promise<void>;
  /** Gives DATA_DIR up; call after the database is closed. */
  release(): Promise<void>;
}

/**
 * Makes the server the one owner of DATA_DIR's embedded database: takes the lock (or exits at once
 * naming the owner) and opens the operator channel. The channel opens before migrations and the
 * demo seed, so a CLI started meanwhile waits for the answer instead of for the lock. With
 * DATABASE_URL the database is shared by design and nothing is owned.
 */
export async function ownDataDir(config: Config): Promise<ServerOwnership> {
  if (config.databaseUrl) return { serve() {}, async closeChannel() {}, async release() {} };
  const lock = await lockDataDir(config.dataDir, 'server').catch((error: unknown) => {
    if (!(error instanceof DataDirBusyError)) throw error;
    console.error(
      `Canopy cannot start: ${error.message} One process at a time may own an embedded database; stop that one first, or give this server its own DATA_DIR.`,
    );
    process.exit(1);
  });
  process.on('exit', () => lock.releaseSync());
  let serve: (ctx: ServedContext) => void = () => {};
  const ready = new Promise<ServedContext>((resolve) => {
    serve = resolve;
  });
  const channel = await openOperatorChannel(config.dataDir, async (request) => {
    const ctx = await ready;
    const result = await runOperatorCommand(ctx, request);
    // The command and how it ended; never its arguments (a password travels in them).
    ctx.log.info(`operator command ${request.command} finished with exit code ${result.exitCode}`);
    return result;
  }).catch((error: Error) => {
    console.error(`Canopy cannot start: ${error.message}.`);
    process.exit(1);
  });
  return {
    serve,
    closeChannel: () => channel.close(),
    release: () => lock.release(),
  };
}
