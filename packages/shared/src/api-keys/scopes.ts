import type { Permission } from '../company/roles.ts';

// What an API key may do (issue 24, decision 222). A key carries scopes; each scope stands for
// permission names of the company roles (company/roles.ts, decision 184), so the server checks a
// key by the same route table and the same code as a member. No scope maps to the company's own
// management (members, invitations, security, profile), so no key can ever reach those routes.

export const API_KEY_SCOPES = [
  'listings:read',
  'listings:write',
  'orders:read',
  'orders:write',
  'invoices:read',
  'messages:read',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/**
 * The permissions each scope grants. Moving an order is `orders:sell` for a selling company and
 * `orders:buy` for a buying one (route-permissions.ts picks the company's side), so `orders:write`
 * holds both and the side decides which applies.
 */
export const SCOPE_PERMISSIONS: Readonly<Record<ApiKeyScope, readonly Permission[]>> = {
  'listings:read': ['listings:read'],
  'listings:write': ['listings:write'],
  'orders:read': ['orders:read'],
  'orders:write': ['orders:sell', 'orders:buy'],
  'invoices:read': ['invoices:read'],
  'messages:read': ['messages:read'],
};

/** The permissions a key with these scopes holds. */
export const scopePermissions = (scopes: readonly ApiKeyScope[]): Permission[] => [
  ...new Set(scopes.flatMap((scope) => SCOPE_PERMISSIONS[scope])),
];

/** Every permission some scope grants: a route needing any other is never a key's. */
export const KEY_PERMISSIONS: readonly Permission[] = scopePermissions(API_KEY_SCOPES);

/** What each scope lets a key do, in words: the company page's checkboxes. */
export const SCOPE_LABELS: Readonly<Record<ApiKeyScope, string>> = {
  'listings:read': "Read the company's lots",
  'listings:write': 'Create, edit and restock lots',
  'orders:read': 'Read offers and orders',
  'orders:write': 'Move orders',
  'invoices:read': 'Read invoices',
  'messages:read': 'Read conversations',
};

/** Every key starts with this, so a leaked one is recognised by secret scanners and by the server. */
export const API_KEY_PREFIX = 'cnp_';
