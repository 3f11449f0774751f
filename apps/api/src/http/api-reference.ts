import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from './openapi.ts';
import type { RouteDef } from './route-table.ts';

// GET /api/openapi.json and a reference page at /api/docs (decision 091). The page is Swagger UI
// from its npm package, served from this server: no CDN, and nothing inline, so the app's
// Content-Security-Policy (script-src 'self') holds on it too.

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Canopy API reference</title>
<link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
</head>
<body>
<main id="reference"></main>
<script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/reference.js"></script>
</body>
</html>
`;

// validatorUrl null: Swagger UI would otherwise send the document to validator.swagger.io.
const starter = `window.addEventListener('load', function () {
  window.SwaggerUIBundle({ url: '${OPENAPI_PATH}', dom_id: '#reference', deepLinking: true, validatorUrl: null });
});
`;

/** The page's own files: Swagger UI's two from node_modules, read once on first use, and the starter. */
const assets: Record<string, { type: string; read: () => Promise<string> }> = {
  'swagger-ui.css': {
    type: 'text/css; charset=utf-8',
    read: () => readFile(path.join(swaggerDir, 'swagger-ui.css'), 'utf8'),
  },
  'swagger-ui-bundle.js': {
    type: 'text/javascript; charset=utf-8',
    read: () => readFile(path.join(swaggerDir, 'swagger-ui-bundle.js'), 'utf8'),
  },
  'reference.js': { type: 'text/javascript; charset=utf-8', read: async () => starter },
};

export function registerApiReference(app: FastifyInstance, routes: RouteDef[]): void {
  // The table is fixed once the server starts, and so is its description.
  const document = JSON.stringify(openApiDocument(routes));
  app.get(OPENAPI_PATH, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document),
  );
  app.get(DOCS_PATH, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page),
  );
  const loaded = new Map<string, Promise<string>>();
  for (const [name, asset] of Object.entries(assets)) {
    app.get(`${DOCS_PATH}/${name}`, async (_request, reply) => {
      let body = loaded.get(name);
      if (!body) {
        body = asset.read();
        loaded.set(name, body);
      }
      return reply
        .type(asset.type)
        .header('cache-control', 'public, max-age=3600')
        .send(await body);
    });
  }
}
