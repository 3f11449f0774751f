import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';
import { IMMUTABLE_CACHE, type PublicFileStore } from './storage.ts';

// Public media in S3-compatible object storage (AWS S3, MinIO, R2, …) when S3_BUCKET is set.
// Keys are content-addressed, so every object is uploaded with a year-long immutable cache header
// and browsers fetch it from the bucket's own URL, not through this server.

type S3Settings = Config['s3'] & { bucket: string };

/** The public base URL of the bucket: path-style under a custom endpoint, else AWS's virtual host. */
export function s3PublicBase(s3: S3Settings): string {
  if (s3.endpoint) return `${s3.endpoint.replace(/\/+$/, '')}/${s3.bucket}`;
  return `https://${s3.bucket}.s3.${s3.region ?? 'us-east-1'}.amazonaws.com`;
}

export function createS3Store(s3: S3Settings, client = createS3Client(s3)): PublicFileStore {
  const base = s3PublicBase(s3);
  const Bucket = s3.bucket;
  const put = (Key: string, Body: Buffer | Readable, ContentType: string, ContentLength: number) =>
    client.send(
      new PutObjectCommand({ Bucket, Key, Body, ContentType, ContentLength, CacheControl: IMMUTABLE_CACHE }),
    );
  return {
    origin: new URL(base).origin,
    localRoot: null,
    urlFor: (key) => `${base}/${key}`,
    async putFile(key, sourcePath, contentType) {
      // Streamed with its length, so a 100MB video never sits in memory.
      const { size } = await stat(sourcePath);
      await put(key, createReadStream(sourcePath), contentType, size);
      await rm(sourcePath, { force: true });
    },
    async putBuffer(key, data, contentType) {
      await put(key, data, contentType, data.length);
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

function createS3Client(s3: S3Settings): S3Client {
  return new S3Client({
    region: s3.region ?? 'us-east-1',
    // Custom endpoints (MinIO, R2, …) address buckets by path; AWS itself by virtual host.
    ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true } : {}),
    // Checksums only where S3 requires them: many S3-compatible services refuse the streaming
    // (aws-chunked) checksum uploads the SDK would otherwise send.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(s3.accessKeyId && s3.secretAccessKey
      ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } }
      : {}),
  });
}
