import type { Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { keepDataPrivate } from '../lib/private-data-dir.ts';
import { askServer, operatorSocketPath } from './channel.ts';
import { COMMAND_NAMES, runOperatorCommand } from './commands.ts';
import { DataDirBusyError, type DataDirLock, lockDataDir } from './data-dir-lock.ts';
import type { OperatorOutcome, OperatorRequest } from './protocol.ts';

/** A server holds the lock from before its migrations until its channel opens; wait that long. */
const OWNER_WAIT_MS = 60_000;
const RETRY_MS = 250;

/**
 * Runs an operator command wherever it may safely run: in the server that owns the embedded
 * database (through its channel), or here, holding the DATA_DIR lock for the command's duration.
 * On PostgreSQL several processes share the database safely, so the command simply connects.
 */
export async function runFromCli(config: Config, request: OperatorRequest): Promise<OperatorOutcome> {
  const name = COMMAND_NAMES[request.command];
  // What the command writes itself (the database, mail, uploads) is as private as the server's.
  await keepDataPrivate(config.dataDir);
  if (config.databaseUrl) return runHere(config, request);
  const deadline = Date.now() + OWNER_WAIT_MS;
  for (;;) {
    let answer: OperatorOutcome | null;
    try {
      answer = await askServer(config.dataDir, request);
    } catch (error) {
      return { exitCode: 1, stdout: [], stderr: [`${name}: ${(error as Error).message}`] };
    }
    if (answer) return answer;
    let lock: DataDirLock;
    try {
      lock = await lockDataDir(config.dataDir, name);
    } catch (error) {
      if (!(error instanceof DataDirBusyError)) throw error;
      // A server still starting (migrations, demo seed) or another short command: wait for it.
      if (Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        continue;
      }
      const channel = operatorSocketPath(config.dataDir);
      return {
        exitCode: 1,
        stdout: [],
        stderr: [
          `${name}: ${error.message} It did not answer on ${channel} within ${OWNER_WAIT_MS / 1000} s; nothing was changed. Try again once it has started, or stop it.`,
        ],
      };
    }
    try {
      return await runHere(config, request);
    } finally {
      await lock.release();
    }
  }
}

async function runHere(config: Config, request: OperatorRequest): Promise<OperatorOutcome> {
  const database = await openDatabase(config);
  try {
    await runMigrations(database);
    return await runOperatorCommand({ config, database }, request);
  } finally {
    await database.close();
  }
}

/** Prints a command's outcome and sets the exit code. */
export function printOutcome(result: OperatorOutcome): void {
  for (const line of result.stdout) console.log(line);
  for (const line of result.stderr) console.error(line);
  process.exitCode = result.exitCode;
}
