import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

// DATA_DIR holds password hashes and every other row (the embedded database's pages), reset and
// verification links (outbox), license documents (private) and uploads on their way in
// (staging): nothing in it is any other local account's business. The folder itself is closed
// to others, which also covers what an older version left readable inside it, and every file
// and folder the process makes from then on is created for its owner alone (issue 27).

/** Files 0600, folders 0700, whatever the umask of the shell that started the process. */
const PRIVATE_UMASK = 0o077;
const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates DATA_DIR, or closes an existing one, for this account alone; call before anything writes. */
export async function keepDataPrivate(dataDir: string): Promise<void> {
  process.umask(PRIVATE_UMASK);
  await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dataDir, PRIVATE_DIR_MODE);
}

/**
 * Takes every permission for others off what is under `dir`. The embedded database unpacks its
 * first files with modes of its own (0666) whatever the umask says, and rewrites a few (0644) at
 * each start; it runs after the database opens and once it has closed.
 */
export async function closeToOthers(dir: string): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const target = path.join(entry.parentPath, entry.name);
    const { mode } = await lstat(target);
    if (!entry.isSymbolicLink() && mode & 0o077) await chmod(target, mode & 0o700);
  }
}
