// npm test: checks the system packages the tests drive (installing them where it may, see
// test-prerequisites.mjs), type-checks and lints every project (Vitest strips types without
// checking them, so a type error would otherwise land), builds the web app (browser tests drive
// the real build), runs every Vitest project (shared, web, api, e2e), and ends with one plain
// summary line that CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureTestPrerequisites } from './test-prerequisites.mjs';

const root = path.resolve(import.meta.dirname, '..');
const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

ensureTestPrerequisites();
if (run('npm', ['run', 'typecheck']) !== 0) process.exit(1);
if (run('npm', ['run', 'lint']) !== 0) process.exit(1);
if (run('npm', ['run', 'build', '-w', '@canopy/web']) !== 0) process.exit(1);

const reportDir = path.join(root, 'test-results');
mkdirSync(reportDir, { recursive: true });
const report = path.join(reportDir, 'vitest.json');
const status = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);

if (existsSync(report)) {
  const {
    numPassedTests = 0,
    numFailedTests = 0,
    numPendingTests = 0,
  } = JSON.parse(readFileSync(report, 'utf8'));
  console.log(`\ntests: ${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests} skipped`);
}
process.exit(status);
