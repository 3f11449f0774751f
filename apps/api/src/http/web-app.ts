import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const CONFIG_MARKER = '<!--canopy-config-->';

/** The inline script that hands the browser its run-time settings, and its CSP hash. */
export function browserConfigScript(adminEmail: string) {
  const body = `window.__CANOPY__=${JSON.stringify({ adminEmail }).replace(/</g, '\\u003c')};`;
  return {
    tag: `<script>${body}</script>`,
    cspHash: `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
  };
}

/**
 * Serves the built single-page app's files (hashed assets cached for a year) and returns index.html
 * with the browser settings injected, for the not-found handler to answer page routes with.
 */
export async function serveWebApp(
  app: FastifyInstance,
  distDir: string,
  adminEmail: string,
): Promise<string | null> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return null;
  const html = readFileSync(indexFile, 'utf8').replace(CONFIG_MARKER, browserConfigScript(adminEmail).tag);
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  return html;
}
