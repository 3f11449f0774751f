// npm test: checks the system packages the tests drive (installing them where it may, see
// test-prerequisites.mjs), type-checks and lints every project (Vitest strips types without
// checking them, so a type error would otherwise land), builds the web app (browser tests drive
// the real build), runs every Vitest project (shared, web, api, e2e), and ends with one plain
// summary line that CI reads.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ensureTestPrerequisites } from './test-prerequisites.mjs';

const root = path.resolve(import.meta.dirname, '..');
const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

ensureTestPrerequisites();
if (run('npm', ['run', 'typecheck']) !== 0) process.exit(1);
if (run('npm', ['run', 'lint']) !== 0) process.exit(1);
if (run('npm', ['run', 'build', '-w', '@canopy/web']) !== 0) process.exit(1);

const reportDir = path.join(root, 'test-results');
mkdirSync(reportDir, { recursive: true });

/** One Vitest run with its JSON report; resolves to its exit status and the report's path. */
function vitest(label, args, env = process.env) {
  const report = path.join(reportDir, `vitest-${label}.json`);
  rmSync(report, { force: true });
  const child = spawn(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // Runs side by side print interleaved, so every line says which run it is from.
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`[${label}] ${line}`));
  }
  return new Promise((resolve) => child.on('close', (code) => resolve({ status: code ?? 1, report })));
}

const passed = (runs) => runs.every((run) => run.status === 0);
let runs;
if (process.argv.length > 2) {
  // `npm test -- <files or flags>`: one run of exactly what was asked.
  runs = [await vitest('selected', process.argv.slice(2))];
} else {
  // The browser journeys run one at a time and spend most of their time waiting on Chromium and the
  // server, so they run beside the unit and API files rather than after them (decision 226): on two
  // cores the suite took 650 s one project after another. The API files keep one worker fewer than
  // usual to leave the journeys a core's share.
  const unitWorkers = String(Math.max(1, Math.min(8, 2 * availableParallelism()) - 1));
  const node24 = process.env.CANOPY_TEST_SECOND_NODE;
  const units = vitest('units', [
    '--project',
    'shared',
    '--project',
    'web',
    '--project',
    'api',
    `--maxWorkers=${unitWorkers}`,
  ]).then(async (first) => {
    if (!node24 || first.status !== 0) return [first];
    // CI's second pass (decision 186): the API files on embedded PGlite, the default database, on
    // the Node given (.ci/run installs Node 24 LTS), once the first pass has freed its workers.
    const env = { ...process.env, PATH: `${node24}${path.delimiter}${process.env.PATH ?? ''}` };
    delete env.TEST_DATABASE_URL;
    return [
      first,
      await vitest(
        'pglite-node24',
        ['--project', 'api', '--project', 'shared', `--maxWorkers=${unitWorkers}`],
        env,
      ),
    ];
  });
  const journeys = vitest('e2e', ['--project', 'e2e']);
  runs = [...(await units), await journeys];
}

const totals = { passed: 0, failed: 0, skipped: 0 };
for (const { report } of runs) {
  if (!existsSync(report)) continue;
  const {
    numPassedTests = 0,
    numFailedTests = 0,
    numPendingTests = 0,
  } = JSON.parse(readFileSync(report, 'utf8'));
  totals.passed += numPassedTests;
  totals.failed += numFailedTests;
  totals.skipped += numPendingTests;
}
for (const run of runs)
  if (run.status !== 0) console.log(`\n${path.basename(run.report)}: exit ${run.status}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(passed(runs) ? 0 : 1);
