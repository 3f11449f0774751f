import { type CompanyRole, formatUsd, ROLE_LABELS } from '@canopy/shared';

// The company page's own words (the API's texts come from @canopy/shared's COMPANY).

export const COMPANY_PAGE = {
  title: 'Company',
  description: 'Your team on Canopy: who can act for the business, and how they sign in.',
  loading: 'Loading your company…',
  members: 'Members',
  you: 'you',
  twoFactorOn: '2FA on',
  twoFactorOff: 'No 2FA',
  roleLabel: (name: string) => `Role of ${name}`,
  remove: 'Remove',
  removeLabel: (name: string) => `Remove ${name}`,
  removeTitle: 'Remove this member?',
  removeBody: (name: string) =>
    `${name} will be signed out at once and can no longer act for the company. Their past messages and moves stay on record.`,
  makeOwner: 'Make owner',
  makeOwnerLabel: (name: string) => `Make ${name} the owner`,
  transferTitle: 'Hand over the company?',
  transferBody: (name: string) => `${name} becomes an owner and you become a manager.`,
  transfer: 'Transfer ownership',
  invite: 'Invite a member',
  inviteTitle: 'Invite a member',
  inviteHint: 'We e-mail a link that works once, for this address only, for 7 days.',
  email: 'E-mail address',
  role: 'Role',
  send: 'Send invitation',
  cancel: 'Cancel',
  invitations: 'Pending invitations',
  noInvitations: 'No invitations waiting.',
  expires: (date: string) => `Expires ${date}`,
  expired: 'Expired',
  revoke: 'Revoke',
  revokeLabel: (email: string) => `Revoke the invitation to ${email}`,
  licenses: 'Licenses',
  security: 'Security',
  requireTwoFactor: 'Require two-factor sign-in for every member',
  requireTwoFactorHint: 'Members without an authenticator app can only sign in and set one up until they do.',
  activity: 'Activity',
  noActivity: 'Nothing yet.',
} as const;

const roleName = (role: unknown) =>
  typeof role === 'string' && role in ROLE_LABELS ? ROLE_LABELS[role as CompanyRole] : '';

/** One line of the company's activity, after the actor's name: what they did, to whom. */
export function describeActivity(action: string, subject: string, details: Record<string, unknown> | null) {
  const role = roleName(details?.role);
  switch (action) {
    case 'company.invite':
      return `invited ${subject} as ${role}`;
    case 'company.invite_revoke':
      return `revoked the invitation of ${subject}`;
    case 'company.join':
      return `joined as ${role}`;
    case 'company.role':
      return `made ${subject} ${role}`;
    case 'company.order_limit':
      return typeof details?.orderLimit === 'number'
        ? `set ${subject}'s order limit to ${formatUsd(details.orderLimit)}`
        : `lifted ${subject}'s order limit`;
    case 'company.remove':
      return `removed ${subject}`;
    case 'company.transfer':
      return `handed the company over to ${subject}`;
    case 'company.api_key_create':
      return `created the API key "${subject}"`;
    case 'company.api_key_revoke':
      return `revoked the API key "${subject}"`;
    case 'company.api_key_write':
      return `called ${subject}`;
    case 'company.webhook_create':
      return `added a webhook to ${subject}`;
    case 'company.webhook_delete':
      return `deleted the webhook to ${subject}`;
    case 'company.security':
      return details?.requireTwoFactor
        ? 'required two-factor sign-in for every member'
        : 'made two-factor sign-in optional';
    default:
      return `${action} ${subject}`;
  }
}

export const roleOptions = (roles: readonly CompanyRole[]) =>
  roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export const ACCEPT_PAGE = {
  title: 'Join your team on Canopy',
  newLogin: 'Choose your name and a password to sign in with.',
  signedIn: (email: string) => `You are signed in as ${email}.`,
  contactName: 'Your name',
  password: 'Password',
  create: 'Join the company',
  join: 'Accept the invitation',
  missingToken: 'This invitation link is incomplete. Open the link from the e-mail again.',
} as const;
