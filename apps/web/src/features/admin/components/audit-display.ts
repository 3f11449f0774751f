import type { AuditEntry, AuditSnapshot } from '../api/admin-audit-api.ts';

// How the audit trail reads to a person: decision 009's action names in words, and each
// recorded state as the short word an admin would use.

const ACTION_WORDS: Record<string, string> = {
  'user.status': 'Changed status',
  'listing.activate': 'Activated listing',
  'listing.deactivate': 'Deactivated listing',
  'listing.delete': 'Deleted listing',
  'listing.restore': 'Restored listing',
  'listing.keep_hidden': 'Kept listing hidden',
  'user.sign_in_slowed': 'Slowed sign-ins (system)',
};

/** An action the web app does not know yet still shows, as the server names it. */
export const auditActionWords = (action: string) => ACTION_WORDS[action] ?? action;

const TARGET_WORDS: Record<string, string> = { user: 'User', listing: 'Listing' };

export const auditTargetWords = (targetType: string) => TARGET_WORDS[targetType] ?? targetType;

/** `{status: 'pending'}` → "pending"; `{isActive: false}` → "inactive"; nothing after → "deleted". */
function stateWord(snapshot: AuditSnapshot): string {
  if (snapshot === null) return 'deleted';
  if (typeof snapshot.status === 'string') return snapshot.status;
  if (typeof snapshot.isActive === 'boolean') return snapshot.isActive ? 'active' : 'inactive';
  if (typeof snapshot.signIn === 'string') return snapshot.signIn;
  return '—';
}

/** e.g. "pending → verified", "active → inactive", "active → deleted". */
export const auditChange = (entry: Pick<AuditEntry, 'before' | 'after'>) =>
  `${stateWord(entry.before)} → ${stateWord(entry.after)}`;
