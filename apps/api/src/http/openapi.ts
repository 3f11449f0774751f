import {
  API_KEY_SCOPES,
  FAILURE_CODES,
  failureResponse,
  IDEMPOTENCY,
  IDEMPOTENCY_WINDOW_HOURS,
  type Permission,
  SCOPE_PERMISSIONS,
} from '@canopy/shared';
import type { z } from 'zod';
import { type JsonSchema, jsonSchemaOf } from './json-schema.ts';
import { API_KEY_REQUESTS_PER_MINUTE, HEALTH_PATH } from './rate-limits.ts';
import { ROUTE_PERMISSIONS, routeKey } from './route-permissions.ts';
import { fullPath, isRawResponse, type RouteDef } from './route-table.ts';

// The OpenAPI 3.1 description of the API, generated from the route table: the same declarations
// that parse requests and serialise answers, so the document cannot drift from the server.

const FAILURE_REF = { $ref: '#/components/schemas/Failure' };

const failure = (description: string) => ({
  description,
  content: { 'application/json': { schema: FAILURE_REF } },
});

/** `/api/products/:id` → `/api/products/{id}` */
export const openApiPath = (route: RouteDef) => fullPath(route).replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Each property of an object schema as an OpenAPI parameter. */
function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const described = jsonSchemaOf(schema, 'input');
  const properties = (described.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((described.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

function requestBodyOf(route: RouteDef) {
  if (route.body) {
    return { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.body, 'input') } } };
  }
  if (!route.multipart) return undefined;
  const fields = jsonSchemaOf(route.multipart.fields, 'input');
  const files = Object.fromEntries(
    Object.entries(route.multipart.files).map(([name, description]) => [
      name,
      { type: 'string', contentMediaType: 'application/octet-stream', description },
    ]),
  );
  const properties = { ...(fields.properties as JsonSchema), ...files };
  return {
    required: true,
    content: { 'multipart/form-data': { schema: { ...fields, properties, additionalProperties: false } } },
  };
}

function responsesOf(route: RouteDef) {
  const answers: Record<string, unknown> = {};
  if (isRawResponse(route.response)) {
    const { status, contentType, description } = route.response;
    answers[status] = { description, content: { [contentType]: { schema: { type: 'string' } } } };
  } else {
    for (const [status, schema] of Object.entries(route.response)) {
      answers[status] = {
        description: 'Success',
        content: { 'application/json': { schema: jsonSchemaOf(schema, 'output') } },
      };
    }
  }
  if (route.params) answers['404'] = failure('Nothing with this id (a malformed id included)');
  if (route.body || route.query || route.multipart)
    answers['400'] = failure("Invalid input, in SPEC's words");
  if (route.access !== 'public') {
    answers['401'] = failure('No session, or one that has ended');
    if (route.access !== 'session') answers['403'] = failure('The account may not do this');
  }
  // Every call but the health check counts against the API-wide limit per address.
  if (route.rateLimitPerMinute || fullPath(route) !== HEALTH_PATH) {
    answers['429'] = failure('Too many requests; try again in a minute');
  }
  answers.default = failure('Any other failure');
  return answers;
}

/**
 * The scopes that let an API key make the call (decision 222): those granting the permission the
 * route needs, for either side where a deal route has one per side. None: keys cannot call it.
 */
function keyScopesOf(route: RouteDef): string[] {
  if (route.access === 'public' || route.access === 'admin') return [];
  const needed = ROUTE_PERMISSIONS[routeKey(route)] ?? null;
  if (needed === null) return [];
  const permissions: Permission[] = typeof needed === 'string' ? [needed] : [needed.buyer, needed.seller];
  return API_KEY_SCOPES.filter((scope) => SCOPE_PERMISSIONS[scope].some((p) => permissions.includes(p)));
}

const idempotencyHeader = {
  name: IDEMPOTENCY.header,
  in: 'header',
  required: false,
  description: `Optional, 8 to 100 letters, digits, hyphens or underscores. The same request under the same key within ${IDEMPOTENCY_WINDOW_HOURS} hours answers what the first one did (header Idempotent-Replayed: true) without acting again; the key with another request is a 422, and while the first request still runs a 409.`,
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,100}$' },
};

/** The first path segment under /api names the tag the reference groups a route under. */
const tagOf = (route: RouteDef) => route.url.split('/')[1] ?? 'api';

function operationOf(route: RouteDef) {
  const requestBody = requestBodyOf(route);
  const scopes = keyScopesOf(route);
  return {
    operationId: `${route.method.toLowerCase()}${openApiPath(route).replace(/[^A-Za-z0-9]+(.)?/g, (_match, next?: string) => (next ? next.toUpperCase() : ''))}`,
    summary: route.summary,
    tags: [tagOf(route)],
    security:
      route.access === 'public' ? [] : [{ bearer: [] }, ...(scopes.length ? [{ apiKey: scopes }] : [])],
    ...(scopes.length ? { 'x-api-key-scopes': scopes } : {}),
    // Who may call it, in the route table's words (see the guide in docs/api.md).
    'x-access': route.access,
    ...(route.rateLimitPerMinute
      ? {
          'x-rate-limit': {
            perMinute: route.rateLimitPerMinute,
            countedBy: route.rateLimitBy ?? 'address',
          },
        }
      : {}),
    parameters: [
      ...parametersOf(route.params, 'path'),
      ...parametersOf(route.query, 'query'),
      ...(route.idempotent ? [idempotencyHeader] : []),
    ],
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(route),
  };
}

export function openApiDocument(routes: RouteDef[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = openApiPath(route);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operationOf(route);
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Canopy API',
      version: '1.0.0',
      description:
        'The HTTP API of Canopy, generated from the route table. Every failure answers `{success: false, error, message, code}` with the status shown: `error` is the text a person reads, `code` the stable name a program branches on. See docs/api.md for the guide.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { Failure: failureSchema() },
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The token from POST /api/auth/login or /api/auth/verify-email.',
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'cnp_<prefix>_<secret>',
          description: `A company's API key, made on the company page (POST /api/api-keys), sent as \`Authorization: Bearer cnp_…\`. It acts for the company within its scopes (each operation's \`x-api-key-scopes\`), never on sign-in, account, company management or admin calls, and has its own limit of ${API_KEY_REQUESTS_PER_MINUTE} requests a minute. Its writes are recorded in the company's activity under the key's name.`,
        },
      },
    },
  };
}

/** The failure body, its `code` listing every name a failure may carry (decision 196). */
function failureSchema(): JsonSchema {
  const schema = jsonSchemaOf(failureResponse, 'output');
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return {
    ...schema,
    properties: {
      ...properties,
      code: { type: 'string', enum: FAILURE_CODES, description: 'The stable name of the failure' },
    },
    required: [...((schema.required ?? []) as string[]), 'code'],
  };
}
