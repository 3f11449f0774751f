import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { AppError } from './errors.ts';
import { uuidv7 } from './ids.ts';

// Uploads are streamed to a temporary file while being hashed, never held whole in memory; they
// reach storage only after everything about the request has been checked. The files are staged in
// DATA_DIR/staging, not the system temp folder: a process killed mid-upload leaves its partial file
// where the next start sweeps it away, and a staged file moves into DATA_DIR/uploads by a rename.

export interface TempUpload {
  path: string;
  size: number;
  sha256: string;
  /** The stream hit its size limit: the file is incomplete and must be refused. */
  truncated: boolean;
  originalName: string;
}

/** The staging folder of a data directory. */
export const stagingDir = (dataDir: string) => path.join(dataDir, 'staging');

/**
 * How old a staged or stored file without a row must be before a start-up sweep may remove it.
 * With the embedded database the server owns DATA_DIR alone (decision 050), so anything left is a
 * dead process's. On PostgreSQL several instances may share DATA_DIR, and a file a live instance
 * is still writing looks the same as an orphan: only files older than any request can run are taken.
 */
export const sweepMinAgeMs = (databaseKind: 'pglite' | 'postgres') =>
  databaseKind === 'pglite' ? 0 : 3_600_000;

/** Whether `file` was last written at least `minAgeMs` ago (false when it is already gone). */
export async function olderThan(file: string, minAgeMs: number): Promise<boolean> {
  if (minAgeMs === 0) return true;
  const info = await stat(file).catch(() => null);
  return info !== null && Date.now() - info.mtimeMs >= minAgeMs;
}

/**
 * Empties the staging folder at start-up of what belongs to requests of processes that no longer
 * run. Requests that ended normally removed their own files already.
 */
export async function sweepStaging(dataDir: string, minAgeMs = 0): Promise<void> {
  const dir = stagingDir(dataDir);
  await mkdir(dir, { recursive: true });
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name);
    if (await olderThan(file, minAgeMs)) await rm(file, { recursive: true, force: true });
  }
}

/** The most a file may be, and the text that refuses it as soon as it passes that size. */
export interface UploadLimit {
  maxBytes: number;
  tooLarge: string;
}

const payloadTooLarge = (message: string) => new AppError('PAYLOAD_TOO_LARGE', message);

/**
 * Refuses a request whose declared length is beyond what its form may carry, before a byte of the
 * body is read (a request without a length is held to the per-file limits as it streams).
 */
export function refuseDeclaredOversize(request: FastifyRequest, maxBytes: number, message: string): void {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw payloadTooLarge(message);
}

/**
 * Streams one file to a temporary file. With a limit, the stream is abandoned as soon as it passes
 * it: the rest of a 100MB part sent as an "image" is never read.
 */
export async function saveToTemp(
  stream: Readable & { truncated?: boolean },
  originalName: string,
  dataDir: string,
  limit?: UploadLimit,
): Promise<TempUpload> {
  const dir = stagingDir(dataDir);
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, uuidv7());
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (limit && size > limit.maxBytes) return done(payloadTooLarge(limit.tooLarge));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(stream, meter, createWriteStream(target));
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
  return {
    path: target,
    size,
    sha256: hash.digest('hex'),
    truncated: Boolean(stream.truncated),
    originalName,
  };
}

export const discardTemp = (upload: TempUpload | null | undefined) =>
  upload ? rm(upload.path, { force: true }) : Promise.resolve();

/** The file's real type from its leading bytes; the name and the client's claim are ignored. */
export async function sniffType(filePath: string): Promise<{ ext: string; mime: string } | null> {
  const type = await fileTypeFromFile(filePath);
  return type ? { ext: type.ext, mime: type.mime } : null;
}
