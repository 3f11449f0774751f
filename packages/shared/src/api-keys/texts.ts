import { PERMISSION_TEXTS, type Permission } from '../company/roles.ts';

// Every text a person reads about API keys: the API's errors and the company page's section.

export const API_KEYS = {
  notFound: 'API key not found',
  nameRequired: 'Enter a name for the key',
  nameTooLong: 'Use at most 60 characters for the name',
  scopesRequired: 'Choose at least one scope',
  scopeUnknown: 'Unknown scope',
  expiryInPast: 'The expiry date must be in the future',
  expiryInvalid: 'Enter the expiry as a date and time',
  limitReached: 'A company may keep at most 25 API keys. Revoke one first.',
  /** Sent for every failure of a key's own check, so a caller cannot tell a wrong key from an old one. */
  invalid: 'This API key is invalid, revoked or expired',
  /** A key on a call no scope reaches: the company's management, the account, sign-in, admin. */
  notForKeys: 'API keys cannot make this call. Sign in to do it.',
  created: 'API key created. Copy the secret now: it is not shown again.',
  revoked: 'API key revoked',
  // The company page
  sectionTitle: 'API keys',
  intro:
    'Keys let your ERP or other systems use the Canopy API for this company, limited to the scopes you choose.',
  name: 'Name',
  scopes: 'Scopes',
  expiry: 'Expires (optional)',
  create: 'Create key',
  creating: 'Creating…',
  secretWarning:
    'Copy this secret now. It will not be shown again; if you lose it, revoke the key and create another.',
  copy: 'Copy',
  copied: 'Copied',
  done: 'Done',
  empty: 'No API keys yet',
  never: 'Never',
  noExpiry: 'No expiry',
  revoke: 'Revoke',
  revokeTitle: 'Revoke this API key?',
  revokeBody: (name: string) => `Systems using "${name}" will be refused from now on. This cannot be undone.`,
  columns: {
    name: 'Name',
    prefix: 'Key',
    scopes: 'Scopes',
    created: 'Created',
    expires: 'Expires',
    lastUsed: 'Last used',
    createdBy: 'Created by',
  },
  fetchFailed: 'Failed to load the API keys',
  createFailed: 'Failed to create the API key',
  revokeFailed: 'Failed to revoke the API key',
} as const;

/** The 403 for a key used beyond its scopes: it names what the key may not do. */
export const scopeForbids = (permission: Permission): string =>
  `This API key's scopes do not allow it to ${PERMISSION_TEXTS[permission]}.`;
