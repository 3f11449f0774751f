import { importRegistryCsv } from '../modules/licenses/index.ts';
import type { OperatorContext } from './commands.ts';
import { type OperatorOutcome, outcome } from './protocol.ts';

/** npm run licenses:import: loads a Department of Cannabis Control export (decision 008). */
export async function importLicenses(ctx: OperatorContext, csv: string): Promise<OperatorOutcome> {
  const out = outcome();
  const report = await importRegistryCsv(ctx.database.db, csv);
  out.say(
    `licenses:import: ${report.read} rows read, ${report.added} added, ${report.updated} updated, ${report.unchanged} unchanged, ${report.rejected.length} rejected`,
  );
  for (const { line, reason } of report.rejected) out.say(`  line ${line}: ${reason}`);
  return out.result;
}
