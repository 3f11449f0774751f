import { type CompanyRole, ROLE_LABELS } from '@canopy/shared';

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
  actions: {
    'company.invite': 'invited',
    'company.invite_revoke': 'revoked the invitation of',
    'company.join': 'joined as',
    'company.role': 'changed the role of',
    'company.remove': 'removed',
    'company.transfer': 'handed the company over to',
    'company.security': 'changed the security settings of',
  } as Record<string, string>,
} as const;

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
