// The system packages the suite drives for real: Chromium for the browser journeys, ffmpeg for the
// video posters (the system's own, security-patched build: it reads untrusted uploads, so no binary
// shipped inside an npm package), and the Liberation fonts pages are measured with. `npm test`
// checks them before anything else: as root on Debian/Ubuntu it installs what is missing, as
// .ci/run used to; anywhere else it stops at once with one message naming the packages, instead of
// a wall of `spawn ffmpeg ENOENT` failures or tests quietly skipped.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';

/** The Chromium the browser tests launch (e2e/support/browser.ts). */
const CHROMIUM_PATH = '/usr/bin/chromium';

function onPath(command) {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      accessSync(path.join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

function hasLiberationFonts() {
  if (existsSync('/usr/share/fonts/truetype/liberation')) return true;
  const listed = spawnSync('fc-list', [':', 'family'], { encoding: 'utf8' });
  return listed.status === 0 && /Liberation Sans/.test(listed.stdout);
}

/** Debian package name → whether this machine already has it. */
const PACKAGES = [
  ['chromium', () => existsSync(CHROMIUM_PATH)],
  ['ffmpeg', () => onPath('ffmpeg')],
  ['fonts-liberation', hasLiberationFonts],
];

export const missingPackages = () => PACKAGES.filter(([, present]) => !present()).map(([name]) => name);

const canInstall = () =>
  process.platform === 'linux' &&
  process.getuid?.() === 0 &&
  existsSync('/etc/debian_version') &&
  onPath('apt-get');

function aptGet(args) {
  const result = spawnSync('apt-get', args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

/**
 * Returns when everything is there (installing it first where allowed); otherwise prints one
 * message and exits the process with status 1.
 */
export function ensureTestPrerequisites() {
  const missing = missingPackages();
  if (missing.length === 0) return;
  if (canInstall()) {
    console.log(`Installing the system packages the tests need: ${missing.join(' ')}`);
    if (aptGet(['update']) && aptGet(['install', '-y', '--no-install-recommends', ...missing])) {
      const still = missingPackages();
      if (still.length === 0) return;
      missing.splice(0, missing.length, ...still);
    }
  }
  console.error(
    `npm test needs these system packages, which are missing: ${missing.join(', ')}.\n` +
      `Install them (Debian/Ubuntu: sudo apt-get install ${missing.join(' ')}) and run npm test again.` +
      (missing.includes('chromium') ? `\nThe browser tests launch Chromium from ${CHROMIUM_PATH}.` : ''),
  );
  process.exit(1);
}
