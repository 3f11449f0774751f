import { readFile } from 'node:fs/promises';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { importRegistryCsv } from '../modules/licenses/registry-import.ts';

// npm run licenses:import -- FILE.csv : loads a Department of Cannabis Control license export.

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run licenses:import -- FILE.csv');
  process.exit(2);
}
const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
  console.error(`licenses:import: cannot read ${file}: ${error.message}`);
  process.exit(2);
});
const database = await openDatabase(loadConfig());
try {
  await runMigrations(database);
  const report = await importRegistryCsv(database.db, text);
  console.log(
    `licenses:import: ${report.read} rows read, ${report.added} added, ${report.updated} updated, ${report.unchanged} unchanged, ${report.rejected.length} rejected`,
  );
  for (const { line, reason } of report.rejected) console.log(`  line ${line}: ${reason}`);
} catch (error) {
  console.error(`licenses:import: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
