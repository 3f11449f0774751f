import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Keys are relative paths such as "license-documents/<user>/<sha>.pdf";
 * the implementation decides the medium (a directory now, object storage later).
 */
export interface FileStore {
  /** Takes ownership of a temporary file (moved when possible). */
  putFile(key: string, sourcePath: string, contentType: string): Promise<void>;
  putBuffer(key: string, data: Buffer, contentType: string): Promise<void>;
  /** A stream of the file, or null when there is none. */
  read(key: string): Promise<{ stream: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
}

function safePath(root: string, key: string): string {
  const resolved = path.resolve(root, key);
  if (!resolved.startsWith(root + path.sep)) throw new Error(`Storage key escapes its root: ${key}`);
  return resolved;
}

export function createDiskStore(root: string): FileStore {
  const base = path.resolve(root);
  return {
    async putFile(key, sourcePath) {
      const target = safePath(base, key);
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await rename(sourcePath, target);
      } catch (error) {
        // A temp directory on another device cannot be renamed across; copy instead.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(sourcePath, target);
        await rm(sourcePath, { force: true });
      }
    },
    async putBuffer(key, data) {
      const target = safePath(base, key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, data);
    },
    async read(key) {
      const target = safePath(base, key);
      try {
        const info = await stat(target);
        return { stream: createReadStream(target), size: info.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(safePath(base, key), { force: true });
    },
  };
}
