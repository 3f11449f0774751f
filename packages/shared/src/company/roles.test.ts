import { describe, expect, test } from 'vitest';
import { COMPANY_ROLES, PERMISSIONS, ROLE_PERMISSIONS, roleForbids, roleMay } from './roles.ts';

describe('the role table', () => {
  test('an owner holds every permission and only an owner may hand the company over', () => {
    expect([...ROLE_PERMISSIONS.owner].sort()).toEqual([...PERMISSIONS].sort());
    for (const role of COMPANY_ROLES) expect(roleMay(role, 'company:own')).toBe(role === 'owner');
  });

  test('each role names only known permissions, once', () => {
    for (const role of COMPANY_ROLES) {
      const held = ROLE_PERMISSIONS[role];
      expect(new Set(held).size).toBe(held.length);
      for (const permission of held) expect(PERMISSIONS).toContain(permission);
    }
  });

  test('sales sells, purchasing buys, finance and viewers change no lot, offer or message', () => {
    expect(roleMay('sales', 'offers:sell')).toBe(true);
    expect(roleMay('sales', 'offers:buy')).toBe(false);
    // Both trading roles read their trades' invoices; only finance (and the managers) record payments.
    expect(roleMay('sales', 'invoices:read')).toBe(true);
    expect(roleMay('purchasing', 'invoices:read')).toBe(true);
    expect(roleMay('sales', 'payments:write')).toBe(false);
    expect(roleMay('purchasing', 'payments:write')).toBe(false);
    expect(roleMay('purchasing', 'offers:buy')).toBe(true);
    expect(roleMay('purchasing', 'listings:write')).toBe(false);
    for (const role of ['finance', 'viewer'] as const) {
      for (const permission of ['listings:write', 'offers:sell', 'offers:buy', 'messages:write'] as const) {
        expect(roleMay(role, permission)).toBe(false);
      }
    }
    expect(roleMay('finance', 'payments:write')).toBe(true);
  });

  test('the refusal names the role and the act', () => {
    expect(roleForbids('viewer', 'listings:write')).toBe(
      'Your role (Viewer) may not create, edit or remove lots.',
    );
  });
});
