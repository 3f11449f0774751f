import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { AUTH, failureCodeOf, VALIDATION } from '@canopy/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { type RegistrationOverrides, registrationForm } from './support/registration.ts';
import { createTestApp, json, multipart, type TestApp } from './support/test-app.ts';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

async function register(overrides: RegistrationOverrides = {}) {
  const body = await multipart(registrationForm(overrides));
  return test.app.inject({ method: 'POST', url: '/api/auth/register', ...body });
}

async function storedState() {
  const [row] = await test.db.select({ total: count() }).from(users);
  const documents = await readdir(path.join(test.dataDir, 'private', 'license-documents')).catch(() => []);
  return { users: row?.total ?? 0, documents: documents.length };
}

describe('POST /api/auth/register', () => {
  it('creates a pending, unverified account and mails a verification link', async () => {
    const email = 'Fresh.Seller@Example.com';
    const response = await register({ fields: { email } });
    expect(response.statusCode).toBe(201);
    expect(json(response)).toEqual({
      success: true,
      requiresEmailVerification: true,
      message: AUTH.registered,
    });

    const mail = await test.smtp.waitForMail('fresh.seller@example.com', /Verify/);
    expect(mail.text).toMatch(/http:\/\/canopy\.test\/verify-email\?token=[\w-]+/);
    expect(mail.html).toContain('verify-email?token=');

    const login = await test.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'fresh.seller@example.com', password: 'secret123' },
    });
    expect(login.statusCode).toBe(403);
    expect(json(login)).toMatchObject({ requiresEmailVerification: true });
  });

  const refusals: [string, RegistrationOverrides, number, string][] = [
    [
      'mismatched passwords',
      { fields: { confirmPassword: 'other123' } },
      400,
      VALIDATION.passwordsDoNotMatch,
    ],
    [
      'a short password',
      { fields: { password: 'abc', confirmPassword: 'abc' } },
      400,
      VALIDATION.passwordTooShort,
    ],
    ['terms not agreed', { fields: { agreeToTerms: 'false' } }, 400, VALIDATION.mustAgreeToTerms],
    ['terms missing', { fields: { agreeToTerms: undefined } }, 400, VALIDATION.mustAgreeToTerms],
    ['a role other than buyer or seller', { fields: { role: 'admin' } }, 400, VALIDATION.roleInvalid],
    ['a missing e-mail', { fields: { email: undefined } }, 400, VALIDATION.emailRequired],
    ['a malformed e-mail', { fields: { email: 'not-an-email' } }, 400, VALIDATION.emailInvalid],
    ['a blank business name', { fields: { businessName: '   ' } }, 400, VALIDATION.businessNameRequired],
    ['a missing contact name', { fields: { contactName: undefined } }, 400, VALIDATION.contactNameRequired],
    ['a missing phone', { fields: { phone: undefined } }, 400, VALIDATION.phoneRequired],
    ['a missing license number', { fields: { licenseNumber: '' } }, 400, VALIDATION.licenseNumberRequired],
    ['an unknown license type', { fields: { licenseType: 'Wholesale' } }, 400, VALIDATION.licenseTypeInvalid],
    ['a county outside California', { address: { county: 'Maricopa' } }, 400, VALIDATION.countyInvalid],
    ['a four-digit ZIP', { address: { zipCode: '9548' } }, 400, VALIDATION.zipInvalid],
    ['a missing street', { address: { street: undefined } }, 400, VALIDATION.streetRequired],
    ['an address that is not JSON', { address: '{street' }, 400, 'address must be a JSON object'],
    ['an unknown field', { fields: { isAdmin: 'true' } }, 400, 'Unknown field: isAdmin'],
    ['no license document', { document: null }, 400, VALIDATION.licenseDocumentRequired],
    [
      'an executable renamed to .pdf',
      {
        document: {
          bytes: Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(2048)]),
          name: 'license.pdf',
        },
      },
      415,
      VALIDATION.licenseDocumentType,
    ],
    [
      'a text file',
      {
        document: {
          bytes: Buffer.from('just some text that claims to be a license'),
          name: 'license.png',
          type: 'image/png',
        },
      },
      415,
      VALIDATION.licenseDocumentType,
    ],
    [
      'a document over 10MB',
      {
        document: {
          bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 + 10)]),
          name: 'big.pdf',
        },
      },
      413,
      VALIDATION.licenseDocumentTooLarge,
    ],
  ];

  it.each(refusals)('refuses %s with its text and stores nothing', async (_name, overrides, status, text) => {
    const before = await storedState();
    const response = await register(overrides);
    expect(response.statusCode).toBe(status);
    expect(json(response)).toEqual({
      success: false,
      error: text,
      message: text,
      code: failureCodeOf(status, text),
    });
    expect(await storedState()).toEqual(before);
  });

  it('accepts a PNG or JPEG license document by its bytes', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
      'base64',
    );
    const response = await register({ document: { bytes: png, name: 'scan.PNG', type: 'image/png' } });
    expect(response.statusCode).toBe(201);
  });

  it('refuses a second account with the same e-mail, whatever its case', async () => {
    await register({ fields: { email: 'twice@example.com' } });
    const before = await storedState();
    const response = await register({ fields: { email: 'TWICE@example.com' } });
    expect(response.statusCode).toBe(409);
    expect(json(response).error).toBe(AUTH.emailTaken);
    expect(await storedState()).toEqual(before);
  });

  it('refuses a JSON body: registration carries a file', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'a@b.co' },
    });
    expect(response.statusCode).toBe(415);
    expect(json(response).success).toBe(false);
  });
});
