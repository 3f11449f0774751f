import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../lib/mail-queue.ts';
import { runBackup } from './backup.ts';
import { createAdmin } from './create-admin.ts';
import { importLicenses } from './import-licenses.ts';
import type { OperatorOutcome, OperatorRequest } from './protocol.ts';
import { sendDigestNow } from './send-digest.ts';
import { sendAlerts } from './send-alerts.ts';

/** What an operator command needs: the server's context has it, and so does a CLI on its own. */
export interface OperatorContext {
  config: Config;
  database: Database;
  /** The server's mail queue when the server runs the command; a CLI on its own makes one. */
  mailer?: Mailer;
}

/** The name a person typed (the npm script), for messages. */
export const COMMAND_NAMES: Record<OperatorRequest['command'], string> = {
  'create-admin': 'create-admin',
  'licenses-import': 'licenses:import',
  backup: 'backup',
  'digest-send': 'digest:send',
  'alerts-send': 'alerts:send',
};

/** Runs one operator command; an unexpected failure is reported, never printed as success. */
export async function runOperatorCommand(
  ctx: OperatorContext,
  request: OperatorRequest,
): Promise<OperatorOutcome> {
  try {
    switch (request.command) {
      case 'create-admin':
        return await createAdmin(ctx, request);
      case 'licenses-import':
        return await importLicenses(ctx, request.csv);
      case 'backup':
        return await runBackup(ctx, request.file);
      case 'digest-send':
        return await sendDigestNow(ctx);
      case 'alerts-send':
        return await sendAlerts(ctx);
    }
  } catch (error) {
    return {
      exitCode: 1,
      stdout: [],
      stderr: [`${COMMAND_NAMES[request.command]}: ${(error as Error).message}`],
    };
  }
}
