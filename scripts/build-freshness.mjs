// When a build is older than its sources: `npm start` rebuilds the web app and the server, and the
// operator commands rebuild the server, only then.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The newest modification time (ms) of the files and folders given, folders walked whole (a
 * folder's own time counts too: it changes when a file in it is deleted or renamed).
 */
export function newestMtime(paths) {
  let newest = 0;
  for (const target of paths) {
    const info = statSync(target);
    newest = Math.max(newest, info.mtimeMs);
    if (!info.isDirectory()) continue;
    for (const entry of readdirSync(target, { recursive: true, withFileTypes: true })) {
      newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}
