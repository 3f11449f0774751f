import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../src/app.ts';
import { DOCS_PATH, OPENAPI_PATH } from '../src/http/api-reference.ts';
import { openApiPath } from '../src/http/openapi.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// The OpenAPI document is generated from the route table (decision 091): it must be a valid
// OpenAPI 3.1 document and describe every route the server answers, and its reference page must
// load from this server alone.

describe('GET /api/openapi.json', () => {
  let test: TestApp;
  let document: {
    openapi: string;
    paths: Record<
      string,
      Record<
        string,
        {
          'x-access'?: string;
          'x-api-key-scopes'?: string[];
          security: Record<string, string[]>[];
          parameters: { name: string; in: string }[];
          responses: Record<string, unknown>;
        }
      >
    >;
    components: {
      schemas: { Failure: { properties: Record<string, unknown> } };
      securitySchemes: Record<string, { type: string; scheme: string; bearerFormat?: string }>;
    };
  };
  beforeAll(async () => {
    test = await createTestApp();
    const response = await test.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    document = response.json();
  });
  afterAll(() => test.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes every route of the table with its access level, and nothing else', () => {
    const routes = routeTable(test.ctx.config);
    const described = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(described.sort()).toEqual(routes.map((route) => `${route.method} ${openApiPath(route)}`).sort());
    for (const route of routes) {
      const operation = document.paths[openApiPath(route)]?.[route.method.toLowerCase()];
      expect(operation?.['x-access'], `${route.method} ${route.url}`).toBe(route.access);
    }
  });

  it('documents both schemes: a session, and an API key on the calls its scopes reach (decision 222)', () => {
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['apiKey', 'bearer']);
    expect(document.components.securitySchemes.apiKey).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'cnp_<prefix>_<secret>',
    });
    const quantity = document.paths['/api/listings/{id}/quantity']?.patch;
    expect(quantity?.security).toEqual([{ bearer: [] }, { apiKey: ['listings:write'] }]);
    expect(quantity?.['x-api-key-scopes']).toEqual(['listings:write']);
    expect(quantity?.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }),
    );
    expect(document.paths['/api/orders/{id}/status']?.post?.security).toEqual([
      { bearer: [] },
      { apiKey: ['orders:write'] },
    ]);
    // The account, the company's management and the keys themselves: sessions only.
    for (const [path, method] of [
      ['/api/auth/change-password', 'post'],
      ['/api/company/members/{userId}', 'put'],
      ['/api/api-keys', 'post'],
    ] as const) {
      expect(document.paths[path]?.[method]?.security, path).toEqual([{ bearer: [] }]);
    }
  });

  it('names the fields of a JSON answer, e.g. the public product', () => {
    const answer = document.paths['/api/products/{id}']?.get?.responses['200'] as {
      content: { 'application/json': { schema: { properties: { product: { properties: object } } } } };
    };
    const product = answer.content['application/json'].schema.properties.product.properties;
    expect(Object.keys(product)).toEqual(expect.arrayContaining(['_id', 'name', 'priceRange', 'seller']));
  });

  it('names the extra fields a client acts on in a failure, e.g. a verification link opened twice', () => {
    expect(Object.keys(document.components.schemas.Failure.properties)).toEqual(
      expect.arrayContaining([
        'error',
        'message',
        'alreadyVerified',
        'requiresEmailVerification',
        'retryAfter',
      ]),
    );
  });
});

describe('GET /api/docs', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  it('is a page whose scripts and styles all come from this server, under its CSP', async () => {
    const page = await test.app.inject({ method: 'GET', url: DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] as string);
    expect(assets.length).toBe(3);
    expect(page.body).not.toMatch(/<script>|<style>|https?:\/\//);
    for (const asset of assets) {
      expect(asset.startsWith(`${DOCS_PATH}/`), asset).toBe(true);
      const response = await test.app.inject({ method: 'GET', url: asset });
      expect(response.statusCode, asset).toBe(200);
      expect(response.body.length, asset).toBeGreaterThan(0);
    }
  });
});
