import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm test` on a machine without the system packages it drives (issue 11, item 7): one message
// naming what to install, before any build or test runs.

const root = path.resolve(import.meta.dirname, '../../..');
let binDir: string;

beforeAll(async () => {
  // A PATH with node and nothing else: no ffmpeg, no apt-get to install it with, no npm.
  binDir = await mkdtemp(path.join(os.tmpdir(), 'canopy-bare-path-'));
  await symlink(process.execPath, path.join(binDir, 'node'));
});
afterAll(() => rm(binDir, { recursive: true, force: true }));

describe('npm test prerequisites', () => {
  it('stops at once with one message naming the missing package when it cannot install it', () => {
    const result = spawnSync(process.execPath, ['scripts/test.mjs'], {
      cwd: root,
      env: { PATH: binDir, HOME: os.tmpdir() },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'npm test needs these system packages, which are missing: ffmpeg.\n' +
        'Install them (Debian/Ubuntu: sudo apt-get install ffmpeg) and run npm test again.',
    );
    expect(result.stdout).toBe('');
  });
});
