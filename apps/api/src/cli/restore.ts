import path from 'node:path';
import { loadConfig } from '../config.ts';
import { keepDataPrivate } from '../lib/private-data-dir.ts';
import { restoreBackup } from '../operator/restore.ts';
import { printOutcome } from '../operator/run-from-cli.ts';

// npm run restore -- FILE: puts a backup into an empty DATA_DIR while no server runs there.

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run restore -- FILE');
  process.exit(2);
}
const config = loadConfig();
// The restored files are unpacked under a private umask, so they get the modes a server gives them.
await keepDataPrivate(config.dataDir);
printOutcome(await restoreBackup(config, path.resolve(file)));
