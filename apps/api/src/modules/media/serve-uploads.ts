import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { IMMUTABLE_CACHE, UPLOADS_PATH } from '../../lib/storage.ts';

/** Word documents are downloaded, never rendered by the browser from this origin. */
const DOWNLOAD_ONLY = /\.(docx?)$/i;

/**
 * Serves the public disk store at /uploads/… with range requests (video seeking) and a year-long
 * immutable cache: names are content hashes, so a changed file always has a new URL.
 */
export async function serveUploads(app: FastifyInstance, root: string): Promise<void> {
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: `${UPLOADS_PATH}/`,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    setHeaders(res, filePath) {
      res.header('cache-control', IMMUTABLE_CACHE);
      res.header('x-content-type-options', 'nosniff');
      if (DOWNLOAD_ONLY.test(filePath)) res.header('content-disposition', 'attachment');
    },
  });
}
