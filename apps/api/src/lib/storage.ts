import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';

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

/**
 * Writes a file under a temporary name beside its target and renames it into place, so a process
 * killed mid-write never leaves a truncated file under a key a row may name (the same bytes are
 * rewritten when a listing re-uploads a file it already has).
 */
async function writeThenRename(target: string, write: (partial: string) => Promise<void>): Promise<void> {
  const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
  try {
    await write(partial);
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
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
        await writeThenRename(target, (partial) => copyFile(sourcePath, partial));
        await rm(sourcePath, { force: true });
      }
    },
    async putBuffer(key, data) {
      const target = safePath(base, key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeThenRename(target, (partial) => writeFile(partial, data));
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

/** A store whose files anyone may fetch by URL: listing media and lab results. */
export interface PublicFileStore extends FileStore {
  /** Where a browser fetches the file. */
  urlFor(key: string): string;
  /** The origin that serves the files when it is not this server (for the content security policy). */
  readonly origin: string | null;
  /** The directory this server serves at UPLOADS_PATH; null when the files live elsewhere. */
  readonly localRoot: string | null;
}

/** Path under which this server serves the public disk store (see modules/media/serve-uploads.ts). */
export const UPLOADS_PATH = '/uploads';

/** Public files are named by their content hash, so a URL's bytes never change. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

export function createPublicDiskStore(root: string): PublicFileStore {
  const localRoot = path.resolve(root);
  return {
    ...createDiskStore(localRoot),
    urlFor: (key) => `${UPLOADS_PATH}/${key}`,
    origin: null,
    localRoot,
  };
}

/**
 * Object storage when S3_BUCKET is set, else DATA_DIR/uploads. The S3 client is loaded only when
 * used, so a disk install never pays for it.
 */
export async function createPublicStore(config: Pick<Config, 'dataDir' | 's3'>): Promise<PublicFileStore> {
  const { bucket } = config.s3;
  if (bucket) {
    const { createS3Store } = await import('./storage-s3.ts');
    return createS3Store({ ...config.s3, bucket });
  }
  return createPublicDiskStore(path.join(config.dataDir, 'uploads'));
}
