import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { replaceFirst, withTagsInHead } from '../lib/literal-replace.ts';
import { pagePreloads, pageSourceOf, readManifest } from './page-preloads.ts';

const CONFIG_MARKER = '<!--canopy-config-->';

/** The inline script that hands the browser its run-time settings, and its CSP hash. */
export function browserConfigScript(adminEmail: string) {
  const body = `window.__CANOPY__=${JSON.stringify({ adminEmail }).replace(/</g, '\\u003c')};`;
  return {
    tag: `<script>${body}</script>`,
    cspHash: `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
  };
}

export interface WebApp {
  /** index.html with the browser settings injected: the page every route of the app starts from. */
  html: string;
  /** index.html for the page at `pathname`: with the modulepreload tags of its screen's chunk. */
  htmlFor(pathname: string): string;
  /** Answers a page route with index.html for its address, compressed as the browser accepts. */
  sendPage(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

interface Page {
  html: string;
  copies: Record<Encoding, Buffer>;
}

type Encoding = 'br' | 'gzip';

/**
 * index.html is the same for every page, so it is compressed once at start-up, with the slow
 * settings the build uses for the other files. (The not-found handler that sends it is outside
 * the compression plugin's reach, which works route by route.)
 */
function compressedCopies(html: string): Record<Encoding, Buffer> {
  return {
    br: zlib.brotliCompressSync(html, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    }),
    gzip: zlib.gzipSync(html, { level: zlib.constants.Z_BEST_COMPRESSION }),
  };
}

/**
 * Serves the built single-page app's files (hashed assets cached for a year, each sent in the
 * .br or .gz copy the build made when the browser accepts it) and returns index.html with the
 * browser settings injected, for the not-found handler to answer page routes with.
 */
export async function serveWebApp(
  app: FastifyInstance,
  distDir: string,
  adminEmail: string,
): Promise<WebApp | null> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return null;
  const html = replaceFirst(
    readFileSync(indexFile, 'utf8'),
    CONFIG_MARKER,
    browserConfigScript(adminEmail).tag,
  );
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies of its text files; the one the browser accepts is sent.
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  const page = (text: string): Page => ({ html: text, copies: compressedCopies(text) });
  const generic = page(html);
  // One finished page per screen with preloads, compressed once like the generic one.
  const screens = new Map<string, Page>();
  for (const [source, tags] of pagePreloads(readManifest(distDir))) {
    if (tags) screens.set(source, page(withTagsInHead(html, tags)));
  }
  const pageFor = (pathname: string) => screens.get(pageSourceOf(pathname) ?? '') ?? generic;
  return {
    html,
    htmlFor: (pathname) => pageFor(pathname).html,
    sendPage(request, reply) {
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding');
      const { html: text, copies } = pageFor(request.url.split('?')[0] ?? '/');
      const encoding = negotiate<Encoding>(request.headers['accept-encoding'] ?? '', ['br', 'gzip']);
      if (!encoding) return reply.send(text);
      return reply.header('content-encoding', encoding).send(copies[encoding]);
    },
  };
}
