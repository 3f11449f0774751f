import { randomBytes } from 'node:crypto';
import { smallPdf } from './files.ts';

export interface Registration {
  role: 'buyer' | 'seller';
  email: string;
  password: string;
  businessName: string;
  contactName: string;
  phone: string;
  licenseNumber: string;
  licenseType: string;
  street: string;
  city: string;
  county: string;
  zipCode: string;
}

/** A complete, valid registration with a unique e-mail, business name and license number. */
export function newRegistration(role: Registration['role']): Registration {
  const suffix = randomBytes(3).toString('hex');
  return {
    role,
    email: `grower.${suffix}@redwood.test`,
    password: 'redwood-secret-1',
    businessName: `Redwood Valley Cultivation ${suffix.toUpperCase()}`,
    contactName: 'Riley Stone',
    phone: '(707) 555-0142',
    licenseNumber: `C11-${String(randomBytes(3).readUIntBE(0, 3)).padStart(7, '0')}-LIC`,
    licenseType: 'Adult-Use Cultivation',
    street: '1 Orchard Lane',
    city: 'Ukiah',
    county: 'Mendocino',
    zipCode: '95482',
  };
}

/**
 * Registers through the API (the same multipart call the form makes), for tests whose subject is
 * what happens after registration rather than the form itself.
 */
export async function registerThroughApi(baseUrl: string, registration: Registration): Promise<void> {
  const { street, city, county, zipCode, ...fields } = registration;
  const form = new FormData();
  for (const [name, value] of Object.entries({
    ...fields,
    confirmPassword: fields.password,
    agreeToTerms: 'true',
  })) {
    form.append(name, value);
  }
  form.append('address', JSON.stringify({ street, city, county, zipCode }));
  form.append(
    'licenseDocument',
    new Blob([new Uint8Array(smallPdf('License'))], { type: 'application/pdf' }),
    'license.pdf',
  );
  const response = await fetch(`${baseUrl}/api/auth/register`, { method: 'POST', body: form });
  if (response.status !== 201)
    throw new Error(`Registration answered ${response.status}: ${await response.text()}`);
}
