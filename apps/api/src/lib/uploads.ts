import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { AppError } from './errors.ts';
import { uuidv7 } from './ids.ts';

// Uploads are streamed to a temporary file while being hashed, never held whole in memory; they
// reach storage only after everything about the request has been checked.

export interface TempUpload {
  path: string;
  size: number;
  sha256: string;
  /** The stream hit its size limit: the file is incomplete and must be refused. */
  truncated: boolean;
  originalName: string;
}

const tempDir = path.join(os.tmpdir(), 'canopy-uploads');

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
  limit?: UploadLimit,
): Promise<TempUpload> {
  await mkdir(tempDir, { recursive: true });
  const target = path.join(tempDir, uuidv7());
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
