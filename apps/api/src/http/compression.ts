import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

// Compressed answers (decision 115). The web app's files are compressed once at build time and
// sent as they are (web-app.ts); this compresses what the server makes per request: JSON, the
// HTML of pages, robots.txt and sitemaps.

/** Below about one packet, compressing saves no round trip and costs CPU time. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Text only. Event streams are left out: a compressor holds events back until its buffer fills,
 * so live messages would stop arriving live. Media (images, video, PDFs, and octet-stream
 * downloads) is compressed already and would only cost CPU time.
 */
const COMPRESSIBLE_TYPES =
  /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml)|image\/svg\+xml|[^;]+\+(?:json|xml)(?:;|$))/;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE_TYPES,
    // Brotli's fast levels beat gzip's best in both size and speed; the slow ones are for build time.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    // Request bodies stay as they were: nothing here accepts compressed uploads.
    globalDecompression: false,
  });
}
