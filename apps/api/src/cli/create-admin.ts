import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import {
  choosePasswordSource,
  PASSWORD_ENV,
  PasswordInputError,
  readPassword,
} from '../operator/password-input.ts';
import { printOutcome, runFromCli } from '../operator/run-from-cli.ts';

// npm run create-admin -- --email E [--password-stdin] [--force]: creates a verified admin, or
// promotes and re-keys an existing account (operator/create-admin.ts). Works whether or not the
// server runs: a running server does the work itself (decision 050).

const USAGE = `usage: npm run create-admin -- --email E [--password-stdin] [--force]  (or ${PASSWORD_ENV}=…; with neither it asks)`;

function refuse(message: string): never {
  console.error(`create-admin: ${message}\n${USAGE}`);
  process.exit(2);
}

let values: { email?: string; password?: string; 'password-stdin'?: boolean; force?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      force: { type: 'boolean' },
    },
  }));
} catch (error) {
  refuse((error as Error).message);
}
if (!values.email) refuse('--email is required');

const config = loadConfig();
let password: string;
try {
  const source = choosePasswordSource({
    argv: values.password,
    stdin: values['password-stdin'] ?? false,
    env: process.env[PASSWORD_ENV],
    production: config.production,
    interactive: Boolean(process.stdin.isTTY),
  });
  if (source.kind === 'argv') {
    console.error(
      `create-admin: warning: a password given with --password shows in ps and stays in shell history; prefer the prompt, --password-stdin or ${PASSWORD_ENV} (refused when NODE_ENV=production)`,
    );
  }
  password = await readPassword(source);
} catch (error) {
  if (!(error instanceof PasswordInputError)) throw error;
  refuse(error.message);
}

const result = await runFromCli(config, {
  command: 'create-admin',
  email: values.email,
  password,
  force: values.force ?? false,
});
printOutcome(result);
if (result.exitCode === 2) console.error(USAGE);
