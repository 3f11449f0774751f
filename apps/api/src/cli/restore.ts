import path from 'node:path';
import { loadConfig } from '../config.ts';
import { restoreBackup } from '../operator/restore.ts';
import { printOutcome } from '../operator/run-from-cli.ts';

// npm run restore -- FILE: puts a backup into an empty DATA_DIR while no server runs there.

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run restore -- FILE');
  process.exit(2);
}
printOutcome(await restoreBackup(loadConfig(), path.resolve(file)));
