import { readFile } from 'node:fs/promises';
import { loadConfig } from '../config.ts';
import { printOutcome, runFromCli } from '../operator/run-from-cli.ts';

// npm run licenses:import -- FILE.csv : loads a Department of Cannabis Control license export.
// The file is read here, by the operator's own account; a running server does the import.

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run licenses:import -- FILE.csv');
  process.exit(2);
}
const csv = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
  console.error(`licenses:import: cannot read ${file}: ${error.message}`);
  process.exit(2);
});
printOutcome(await runFromCli(loadConfig(), { command: 'licenses-import', csv }));
