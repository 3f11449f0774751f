import { idParams } from '@canopy/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppContext } from '../src/context.ts';
import { installErrorHandler } from '../src/http/error-handler.ts';
import { registerRoutes } from '../src/http/register-routes.ts';
import { route } from '../src/http/route-table.ts';
import { uuidv7 } from '../src/lib/ids.ts';

// The route table's own promises (decision 090), on a bare Fastify with one route: a malformed
// path id is a 404 in the route's words, the first problem with a query or body is a 400 in the
// schema's words, and an answer carries only the fields its response schema names.

const NOT_FOUND = 'Widget not found';
const widget = z.object({ _id: z.string(), name: z.string(), note: z.string().nullable() });

describe('a route of the table', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    installErrorHandler(app);
    const widgets = route({
      method: 'POST',
      url: '/widgets/:id',
      summary: 'A test route',
      access: 'public',
      params: idParams(NOT_FOUND),
      query: z.object({ shout: z.enum(['yes', 'no'], { error: 'Shout yes or no' }).optional() }),
      body: z.object({ name: z.string({ error: 'Name is required' }).min(1, 'Name is required') }),
      response: { 200: z.object({ success: z.literal(true), data: widget }) },
    }).handle(async ({ params, query, body }) => {
      const name = query.shout === 'yes' ? body.name.toUpperCase() : body.name;
      // `secret` is not in the response schema: the serialiser must drop it.
      const data = { _id: params.id, name, note: null, secret: 'hash' };
      return { success: true, data };
    });
    // No token is sent, so the context's database is never queried.
    registerRoutes(app, { database: { db: null } } as unknown as AppContext, [widgets]);
    await app.ready();
  });
  afterAll(() => app.close());

  const call = (id: string, query: string, payload: unknown) =>
    app.inject({ method: 'POST', url: `/api/widgets/${id}${query}`, payload: payload as object });

  it('answers a malformed id with 404 and the route’s not-found text, before reading the body', async () => {
    const response = await call('not-an-id', '', {});
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      error: NOT_FOUND,
      message: NOT_FOUND,
      code: 'not_found',
    });
  });

  it('answers a bad query or body with 400 and the first problem’s own text', async () => {
    const badQuery = await call(uuidv7(), '?shout=maybe', { name: 'x' });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().error).toBe('Shout yes or no');
    const badBody = await call(uuidv7(), '', { name: '' });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().error).toBe('Name is required');
  });

  it('hands the parsed input to the handler and sends only the fields the schema names', async () => {
    const id = uuidv7();
    const response = await call(id, '?shout=yes', { name: 'bolt' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { _id: id, name: 'BOLT', note: null } });
    expect(response.body).not.toContain('secret');
  });
});
