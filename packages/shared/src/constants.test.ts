import { describe, expect, it } from 'vitest';
import { registrationSchema } from './auth/schemas.ts';
import {
  ACCEPTED_LICENSE_TYPES,
  CALIFORNIA_COUNTIES,
  LICENSE_TYPES,
  PRODUCT_CATEGORIES,
  PROFILE_LICENSE_TYPES,
} from './constants.ts';

// The option lists of SPEC §3, which both the forms and the API read from here.

describe('option lists', () => {
  it('has all 58 California counties, once each', () => {
    expect(CALIFORNIA_COUNTIES).toHaveLength(58);
    expect(new Set(CALIFORNIA_COUNTIES).size).toBe(58);
    expect(CALIFORNIA_COUNTIES).toContain('Humboldt');
    expect(CALIFORNIA_COUNTIES).toContain('San Luis Obispo');
  });

  it('combines each use with each activity into 10 license types', () => {
    expect(LICENSE_TYPES).toHaveLength(10);
    expect(LICENSE_TYPES).toContain('Adult-Use Testing Laboratory');
    expect(LICENSE_TYPES).toContain('Medicinal Retail');
  });

  it("also accepts the profile screen's three readings", () => {
    expect(PROFILE_LICENSE_TYPES).toEqual(['Adult-Use', 'Medicinal', 'Adult-Use and Medicinal']);
    expect(ACCEPTED_LICENSE_TYPES).toHaveLength(13);
  });

  it("filters by SPEC's eight categories", () => {
    expect(PRODUCT_CATEGORIES).toEqual([
      'flower',
      'concentrate',
      'edible',
      'topical',
      'pre-roll',
      'vape',
      'tincture',
      'other',
    ]);
  });
});

describe('registration rules in the browser and on the server', () => {
  const valid = {
    email: 'Buyer@Example.com',
    password: 'secret1',
    confirmPassword: 'secret1',
    businessName: 'Shop',
    contactName: 'Ann',
    phone: '916 555 0100',
    licenseNumber: 'C10-0000001-LIC',
    licenseType: 'Adult-Use Retail',
    address: { street: '1 Main', city: 'Davis', county: 'Yolo', zipCode: '95616' },
    agreeToTerms: true,
    role: 'buyer',
  };

  it('accepts a complete form and normalises the e-mail and state', () => {
    const parsed = registrationSchema.parse(valid);
    expect(parsed.email).toBe('buyer@example.com');
    expect(parsed.address.state).toBe('CA');
  });

  it("reports the first problem with SPEC's text", () => {
    const result = registrationSchema.safeParse({ ...valid, confirmPassword: 'other' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Passwords do not match');
  });
});
