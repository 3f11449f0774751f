import { samplePdf } from '../../src/seed/sample-files.ts';

export interface RegistrationOverrides {
  fields?: Record<string, string | undefined>;
  address?: Record<string, string | undefined> | string;
  /** Bytes and name of the license document; null sends none. */
  document?: { bytes: Buffer; name: string; type?: string } | null;
}

let counter = 0;

/** A complete, valid registration form; overrides replace or (with undefined) drop fields. */
export function registrationForm(overrides: RegistrationOverrides = {}): FormData {
  counter += 1;
  const fields: Record<string, string | undefined> = {
    email: `new.seller${counter}.${Date.now()}@example.com`,
    password: 'secret123',
    confirmPassword: 'secret123',
    businessName: 'Redwood Valley Cultivation',
    contactName: 'Riley Stone',
    phone: '(707) 555-0142',
    // One license per account (decision 080): each form carries its own number.
    licenseNumber: `C11-${String(5_000_000 + counter).padStart(7, '0')}-LIC`,
    licenseType: 'Adult-Use Cultivation',
    agreeToTerms: 'true',
    role: 'seller',
    ...overrides.fields,
  };
  const address =
    typeof overrides.address === 'string'
      ? overrides.address
      : JSON.stringify({
          street: '1 Orchard Lane',
          city: 'Ukiah',
          county: 'Mendocino',
          zipCode: '95482',
          ...overrides.address,
        });
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  form.append('address', address);
  const document =
    overrides.document === undefined
      ? { bytes: samplePdf('License'), name: 'license.pdf' }
      : overrides.document;
  if (document) {
    form.append(
      'licenseDocument',
      new Blob([document.bytes], { type: document.type ?? 'application/pdf' }),
      document.name,
    );
  }
  return form;
}
