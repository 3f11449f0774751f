import path from 'node:path';
import { loadConfig } from '../config.ts';
import { printOutcome, runFromCli } from '../operator/run-from-cli.ts';

// npm run backup -- FILE: a consistent copy of the embedded database and the uploaded files
// (operator/backup.ts). A running server makes it; otherwise this process does, holding DATA_DIR.

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run backup -- FILE');
  process.exit(2);
}
// The server may run in another directory: it gets the path as the operator meant it.
printOutcome(await runFromCli(loadConfig(), { command: 'backup', file: path.resolve(file) }));
