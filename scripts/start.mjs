// npm start: builds the web app when its build is missing or older than its sources, then runs the
// server (migrations and demo seeding happen at server start).
//
// This script stays in front of the server (Node cannot exec), so it passes every stop signal on
// to whichever child runs and exits with the server's own code: a container stop or a process
// manager reaches the server and sees how it ended. The server also holds an IPC channel to this
// script and stops by itself if the script is killed outright.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'];

let child = null;
let stopSignal = null;
for (const signal of STOP_SIGNALS) {
  process.on(signal, () => {
    stopSignal = signal;
    child?.kill(signal);
  });
}

/** Runs a child with this terminal; resolves with how it ended. */
function run(command, args, options = {}) {
  return new Promise((resolve) => {
    child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve({ code: 1, signal: null });
    });
    child.on('exit', (code, signal) => {
      child = null;
      resolve({ code, signal });
    });
  });
}

/** An exit code that tells the caller how the child ended, as a shell would report it. */
const exitCode = ({ code, signal }) => code ?? 128 + (constants.signals[signal] ?? 0);

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['apps/web/src', 'apps/web/index.html', 'packages/shared/src'].map((p) => path.join(root, p));
const sourceTime = Math.max(
  ...sources.map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)),
);
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < sourceTime) {
  console.log('Building the web app…');
  const build = await run('npm', ['run', 'build', '-w', '@canopy/web']);
  if (build.code !== 0) process.exit(exitCode(build));
}
// A stop asked for while building means: do not start.
if (stopSignal) process.exit(128 + constants.signals[stopSignal]);

const server = await run(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});
process.exit(exitCode(server));
