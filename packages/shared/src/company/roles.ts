// What a member of a company may do, as data (issue 28, decision 184). The server checks the
// permission a route names against the caller's role; the web app hides what the role lacks; API
// keys (issue 24) will carry a subset of the same names as scopes, checked by the same code.

export const COMPANY_ROLES = ['owner', 'manager', 'sales', 'purchasing', 'finance', 'viewer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const PERMISSIONS = [
  'listings:read',
  'listings:write',
  'offers:sell',
  'offers:buy',
  'offers:approve',
  'orders:read',
  'orders:sell',
  'orders:buy',
  'invoices:read',
  'payments:write',
  'messages:read',
  'messages:write',
  'searches:write',
  'profile:write',
  'company:read',
  'company:manage',
  'company:own',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What each permission lets a member do, in words: the 403 for a role without it names this. */
export const PERMISSION_TEXTS: Readonly<Record<Permission, string>> = {
  'listings:read': "see the company's lots and their insights",
  'listings:write': 'create, edit or remove lots',
  'offers:sell': "answer offers on the company's lots",
  'offers:buy': 'make or change offers as a buyer',
  'offers:approve': "approve offers above a member's order limit",
  'orders:read': "see the company's orders",
  'orders:sell': 'move orders as the seller',
  'orders:buy': 'cancel or receive orders as the buyer',
  'invoices:read': 'see invoices',
  'payments:write': 'record payments',
  'messages:read': "read the company's conversations",
  'messages:write': 'send messages for the company',
  'searches:write': 'keep saved searches and a watchlist',
  'profile:write': "change the company's business profile",
  'company:read': "see the company's members",
  'company:manage': 'manage members, invitations and licenses',
  'company:own': 'transfer ownership of the company',
};

// Whoever trades reads the invoices of their trades: a sales member issues one by scheduling an
// order, a purchasing member receives one with the goods (a viewer reads them too). Recording a
// payment stays finance's.
const SELLING: readonly Permission[] = [
  'listings:read',
  'listings:write',
  'offers:sell',
  'orders:read',
  'orders:sell',
  'invoices:read',
];
const BUYING: readonly Permission[] = [
  'offers:buy',
  'orders:read',
  'orders:buy',
  'invoices:read',
  'searches:write',
];
const TALKING: readonly Permission[] = ['messages:read', 'messages:write'];

/** The one table: each role's permissions. An owner may do everything; a manager all but hand over the company. */
export const ROLE_PERMISSIONS: Readonly<Record<CompanyRole, readonly Permission[]>> = {
  owner: PERMISSIONS,
  manager: PERMISSIONS.filter((permission) => permission !== 'company:own'),
  sales: [...SELLING, ...TALKING, 'company:read'],
  purchasing: [...BUYING, ...TALKING, 'company:read'],
  finance: ['orders:read', 'invoices:read', 'payments:write', 'company:read'],
  viewer: ['listings:read', 'orders:read', 'invoices:read', 'messages:read', 'company:read'],
};

/** The role's names as people read them (the company page, the audit trail, the 403 texts). */
export const ROLE_LABELS: Readonly<Record<CompanyRole, string>> = {
  owner: 'Owner',
  manager: 'Manager',
  sales: 'Sales',
  purchasing: 'Purchasing',
  finance: 'Finance',
  viewer: 'Viewer',
};

export const roleMay = (role: CompanyRole, permission: Permission): boolean =>
  ROLE_PERMISSIONS[role].includes(permission);

/** The 403 for a member acting beyond their role: it names the role and what it may not do. */
export const roleForbids = (role: CompanyRole, permission: Permission): string =>
  `Your role (${ROLE_LABELS[role]}) may not ${PERMISSION_TEXTS[permission]}.`;
