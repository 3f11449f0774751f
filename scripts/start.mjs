// npm start: builds the web app and the server (scripts/server-build.mjs) when their builds are
// missing or older than their sources, then runs the built server, plain JavaScript with no
// run-time compiler (migrations and demo seeding happen at server start).
//
// npm runs this script with `exec`, so npm's own child is this process and the stop signals npm
// passes on (SIGTERM, SIGINT) arrive here. This script stays in front of the server (Node cannot
// exec), so it passes every stop signal on to whichever child runs and exits with the server's own
// code: a container stop or a process manager reaches the server and sees how it ended. If its own
// parent goes (npm killed outright), it stops the server as for SIGTERM. The server also holds an
// IPC channel to this script and stops by itself if the script is killed outright.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { newestMtime } from './build-freshness.mjs';
import { ensureServerBuild } from './server-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const STOP_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'];
const PARENT_CHECK_MS = 1000;

let child = null;
let stopSignal = null;
const stop = (signal) => {
  stopSignal = signal;
  child?.kill(signal);
};
for (const signal of STOP_SIGNALS) process.on(signal, () => stop(signal));
// An orphan is adopted by another process: a changed parent id means the one that started us is gone.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent && !stopSignal) stop('SIGTERM');
}, PARENT_CHECK_MS).unref();

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

const webSources = ['apps/web/src', 'apps/web/index.html', 'packages/shared/src'].map((p) =>
  path.join(root, p),
);
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < newestMtime(webSources)) {
  console.log('Building the web app…');
  const build = await run('npm', ['run', 'build', '-w', '@canopy/web']);
  if (build.code !== 0) process.exit(exitCode(build));
}
const serverBuild = await ensureServerBuild({ announce: () => console.log('Building the server…') });
// A stop asked for while building means: do not start.
if (stopSignal) process.exit(128 + constants.signals[stopSignal]);

const server = await run(process.execPath, ['--enable-source-maps', path.join(serverBuild, 'server.js')], {
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});
process.exit(exitCode(server));
