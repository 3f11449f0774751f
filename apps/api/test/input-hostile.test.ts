import net from 'node:net';
import { GENERIC, INPUT_TEXTS } from '@canopy/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertListing } from '../src/seed/factories.ts';
import { formBody, storedState } from './support/listings.ts';
import { registrationForm } from './support/registration.ts';
import { bearer, createTestApp, json, multipart, type TestApp, userWithToken } from './support/test-app.ts';

// Hostile input at the edges: control characters in typed text, broken multipart bodies and the
// errors the HTTP framework raises itself. Every refusal is a 4xx with SPEC's failure body.

let test: TestApp;
let sellerToken: string;
let buyerToken: string;
beforeAll(async () => {
  test = await createTestApp();
  sellerToken = (await userWithToken(test, { role: 'seller' })).token;
  buyerToken = (await userWithToken(test, { role: 'buyer' })).token;
});
afterAll(() => test.close());

const failure = (message: string, code = 'invalid_input') => ({
  success: false,
  error: message,
  message,
  code,
});

const createListing = async (fields: Record<string, string>) => {
  const body = await formBody({ fields });
  return test.app.inject({
    method: 'POST',
    url: '/api/listings',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(sellerToken) },
  });
};

describe('control characters in typed text', () => {
  it.each([
    ['a bell in the title', { title: 'Blue Dream\u0007 lot' }],
    ['a NUL in the title', { title: 'Blue\u0000Dream lot' }],
    ['a line break in the title', { title: 'Blue Dream\nlot' }],
    ['an escape sequence in the strain', { strain: '\u001b[31mRed' }],
    ['a C1 control in the description', { description: 'Dense buds, slow cured\u0085 for weeks.' }],
  ])('refuses %s, and stores nothing', async (_name, fields) => {
    const before = await storedState(test.db, test.dataDir);
    const response = await createListing(fields);
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual(failure(INPUT_TEXTS.controlCharacters));
    expect(await storedState(test.db, test.dataDir)).toEqual(before);
  });

  it('keeps line breaks and tabs in a description', async () => {
    const response = await createListing({ description: 'Line one of the lot.\r\n\tLine two, indented.' });
    expect(response.statusCode, response.body).toBe(201);
    expect(json<{ data: { description: string } }>(response).data.description).toBe(
      'Line one of the lot.\r\n\tLine two, indented.',
    );
  });

  it('refuses a NUL in a sign-in e-mail with a 400, not a database error', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'buyer\u0000@example.com', password: 'password123' },
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual(failure(INPUT_TEXTS.controlCharacters));
  });

  it('refuses control characters in profile names but not in a multi-line message', async () => {
    const profile = await test.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(buyerToken),
      payload: {
        email: 'someone@example.com',
        profile: {
          businessName: 'Golden\u0008 Coast',
          contactName: 'Morgan Diaz',
          licenseNumber: 'C10-0000001-LIC',
          licenseType: 'Adult-Use Retail',
          address: { zipCode: '94607' },
        },
      },
    });
    expect(profile.statusCode).toBe(400);
    expect(json(profile)).toEqual(failure(INPUT_TEXTS.controlCharacters));

    const seller = await userWithToken(test, { role: 'seller' });
    const listing = await insertListing(test.db, seller.user);
    const send = (content: string) =>
      test.app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: bearer(buyerToken),
        payload: { receiverId: seller.user.id, listingId: listing.id, subject: 'Lot', content },
      });
    const refused = await send('Hello\u0000there');
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toEqual(failure(INPUT_TEXTS.controlCharacters));
    expect((await send('Hello,\nis this lot\tstill available?')).statusCode).toBe(201);
  });
});

describe('control characters in search queries', () => {
  it("ignores a NUL in the admin lists' search instead of failing in the database", async () => {
    const admin = await userWithToken(test, { role: 'admin' });
    for (const url of ['/api/admin/users?query=a%00b', '/api/admin/listings?query=%00']) {
      const response = await test.app.inject({ method: 'GET', url, headers: bearer(admin.token) });
      expect(response.statusCode, url).toBe(200);
      expect(json(response).success).toBe(true);
    }
  });
});

describe('malformed multipart bodies', () => {
  const truncated = '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nBlue Dream';

  it('answers a listing form cut off mid-part with a 400', async () => {
    const before = await storedState(test.db, test.dataDir);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/listings',
      payload: truncated,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', ...bearer(sellerToken) },
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual(failure(INPUT_TEXTS.malformedUpload));
    expect(await storedState(test.db, test.dataDir)).toEqual(before);
  });

  it('answers a multipart body without a boundary with a 400', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/listings',
      payload: 'garbage',
      headers: { 'content-type': 'multipart/form-data', ...bearer(sellerToken) },
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual(failure(INPUT_TEXTS.malformedUpload));
  });

  it('answers a registration cut off mid-file with a 400', async () => {
    const { payload, headers } = await multipart(registrationForm());
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: payload.subarray(0, payload.length - 60),
      headers,
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual(failure(INPUT_TEXTS.malformedUpload));
  });
});

describe("the framework's own errors", () => {
  it('answers a 10,000-character id with 414 and the failure body', async () => {
    const response = await test.app.inject({ method: 'GET', url: `/api/products/${'a'.repeat(10_000)}` });
    expect(response.statusCode).toBe(414);
    expect(json(response)).toEqual(failure(INPUT_TEXTS.urlTooLong, 'uri_too_long'));
  });

  it('answers a broken percent-encoding with 400 and the failure body', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/products/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual(failure(INPUT_TEXTS.badUrl));
  });

  it('answers a known path with the wrong method with 405 and the methods it allows', async () => {
    const response = await test.app.inject({ method: 'DELETE', url: '/api/products' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(json(response)).toEqual(failure(INPUT_TEXTS.methodNotAllowed, 'method_not_allowed'));
  });

  it('answers an unknown path with 404 and the failure body', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/api/no-such-route' });
    expect(response.statusCode).toBe(404);
    expect(json(response)).toEqual(failure(GENERIC.notFound, 'not_found'));
  });

  it('answers oversized headers on the wire with 431 and the failure body', async () => {
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = test.app.server.address() as net.AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString('utf8');
      });
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
      socket.write(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    });
    expect(raw.startsWith('HTTP/1.1 431')).toBe(true);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual(
      failure(INPUT_TEXTS.headersTooLarge, 'headers_too_large'),
    );
  });
});

describe('shutdown', () => {
  it('answers a request that arrives while the server closes with 503 and the failure body', async () => {
    const closing = await createTestApp();
    await closing.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = closing.app.server.address() as net.AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
    });
    await new Promise((resolve) => socket.once('connect', resolve));
    // A first request still in flight (half its body sent) keeps the connection open while the
    // server starts to close; the second request is pipelined behind it.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' });
    const firstArrived = new Promise((resolve) => closing.app.server.once('request', resolve));
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await firstArrived;
    const closed = closing.close();
    // Shutdown has begun once the server stops listening (after the preClose hooks).
    while (closing.app.server.listening) await new Promise((resolve) => setImmediate(resolve));
    socket.write(`${body.slice(10)}GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    await new Promise((resolve) => socket.once('close', resolve));
    await closed;
    const second = received.slice(received.indexOf('HTTP/1.1', 10));
    expect(second.startsWith('HTTP/1.1 503')).toBe(true);
    expect(JSON.parse(second.slice(second.indexOf('\r\n\r\n') + 4))).toEqual(
      failure(INPUT_TEXTS.unavailable, 'unavailable'),
    );
  });
});
