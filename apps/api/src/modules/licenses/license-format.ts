// The shapes of California cannabis license numbers. An unknown shape is a warning for the admin,
// never a refusal: the regulator has changed numbering before, and a typo is for a person to judge.

interface LicensePattern {
  pattern: RegExp;
  kind: string;
}

const PATTERNS: LicensePattern[] = [
  { pattern: /^C8-\d{7}-LIC$/, kind: 'Testing laboratory (C8)' },
  { pattern: /^C9-\d{7}-LIC$/, kind: 'Retailer, non-storefront (C9)' },
  { pattern: /^C10-\d{7}-LIC$/, kind: 'Retailer (C10)' },
  { pattern: /^C11-\d{7}-LIC$/, kind: 'Distributor (C11)' },
  { pattern: /^C12-\d{7}-LIC$/, kind: 'Microbusiness (C12)' },
  { pattern: /^C13-\d{7}-LIC$/, kind: 'Distributor, transport only (C13)' },
  { pattern: /^C14-\d{7}-LIC$/, kind: 'Event organizer (C14)' },
  { pattern: /^CCL\d{2}-\d{7}$/, kind: 'Cultivation (CCL)' },
  { pattern: /^CDPH-\d{8}$/, kind: 'Manufacturing (CDPH)' },
  { pattern: /^DCC-\d{8}$/, kind: 'Manufacturing (DCC)' },
];

/** Upper-case, trimmed, inner spaces removed: how the registry writes a number. */
export const normaliseLicenseNumber = (value: string) => value.trim().toUpperCase().replace(/\s+/g, '');

export interface LicenseFormat {
  normalised: string;
  recognised: boolean;
  /** What kind of license the number's shape says, or null when the shape is unknown. */
  kind: string | null;
}

export function classifyLicenseNumber(value: string): LicenseFormat {
  const normalised = normaliseLicenseNumber(value);
  const match = PATTERNS.find(({ pattern }) => pattern.test(normalised));
  return { normalised, recognised: Boolean(match), kind: match?.kind ?? null };
}
