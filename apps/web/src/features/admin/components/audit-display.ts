import { countOf, LICENSE_FLAG_LABELS, type LicenseCheck } from '@canopy/shared';
import type { AuditEntry, AuditSnapshot } from '../api/admin-audit-api.ts';
import { licenseCheckSentence } from './license-check-summary.tsx';

// How the audit trail reads to a person: decision 009's action names in words (a whole phrase,
// "Made an offer"), and each recorded state as the short word an admin would use.

const ACTION_WORDS: Record<string, string> = {
  'user.status': 'Changed status',
  'user.profile_change.approve': 'Approved profile change',
  'user.profile_change.reject': 'Rejected profile change',
  'listing.activate': 'Activated listing',
  'listing.deactivate': 'Deactivated listing',
  'listing.delete': 'Deleted listing',
  'listing.restore': 'Restored listing',
  'listing.keep_hidden': 'Kept listing hidden',
  'user.sign_in_slowed': 'Slowed sign-ins (system)',
  'offer.create': 'Made an offer',
  'offer.counter': 'Countered an offer',
  'offer.accept': 'Accepted an offer',
  'offer.decline': 'Declined an offer',
  'offer.withdraw': 'Withdrew an offer',
  'offer.approve': 'Approved an offer above an order limit',
  'offer.expire': 'An offer expired (system)',
  'order.schedule': 'Scheduled an order and issued its invoice',
  'order.ship': 'Marked an order in transit',
  'order.fulfil': 'Marked an order fulfilled',
  'order.complete': 'Marked an order completed',
  'order.cancel': 'Cancelled an order',
  'invoice.correct': 'Corrected an invoice',
};

/** The actions the trail can be filtered on, with their words. */
export const AUDIT_ACTION_OPTIONS = Object.entries(ACTION_WORDS).map(([value, label]) => ({ value, label }));

/** An action the web app does not know yet still shows, as the server names it. */
export const auditActionWords = (action: string) => ACTION_WORDS[action] ?? action;

const TARGET_WORDS: Record<string, string> = {
  user: 'User',
  listing: 'Listing',
  offer: 'Offer',
  order: 'Order',
};

export const auditTargetWords = (targetType: string) => TARGET_WORDS[targetType] ?? targetType;

/**
 * `{status: 'pending'}` → "pending"; `{isActive: false}` → "inactive". Nothing recorded is a thing
 * that did not exist yet ("new", before an offer is made) or no longer exists ("deleted", after).
 */
function stateWord(snapshot: AuditSnapshot, side: 'before' | 'after'): string {
  if (snapshot === null) return side === 'before' ? 'new' : 'deleted';
  if (typeof snapshot.status === 'string') return snapshot.status;
  if (typeof snapshot.businessName === 'string')
    return `${snapshot.businessName} · ${String(snapshot.licenseNumber)} · ${String(snapshot.licenseType)}`;
  if (typeof snapshot.isActive === 'boolean') return snapshot.isActive ? 'active' : 'inactive';
  if (typeof snapshot.signIn === 'string') return snapshot.signIn;
  return '—';
}

/** e.g. "pending → verified", "active → inactive", "active → deleted", "new → open". */
export const auditChange = (entry: Pick<AuditEntry, 'before' | 'after'>) =>
  `${stateWord(entry.before, 'before')} → ${stateWord(entry.after, 'after')}`;

/**
 * The license verdict an approval was made on, as the audit entry recorded it: "clear", or the
 * problems by name. Null for entries that did not record one.
 */
export function auditVerdictWords(entry: Pick<AuditEntry, 'after'>): string | null {
  const check = entry.after?.licenseCheck as LicenseCheck | undefined;
  if (!check) return null;
  const verdict = check.clear
    ? 'clear'
    : check.flags.map((flag) => LICENSE_FLAG_LABELS[flag] ?? flag).join(', ');
  return `License check at the time: ${verdict}. ${licenseCheckSentence(check)}`;
}

/** "3 listings left the catalog", recorded with a suspension. */
export function auditListingsHidden(entry: Pick<AuditEntry, 'after'>): string | null {
  const hidden = entry.after?.listingsHidden;
  if (typeof hidden !== 'number') return null;
  return `${countOf(hidden, 'listing')} left the catalog`;
}
