import { ROLE_LABELS } from './roles.ts';

// Every text a person reads about a company's members, invitations and security: the API's errors
// and the web's page, dialogs and toasts.

export const COMPANY = {
  notFound: 'Company not found',
  adminsHaveNone: 'Admins belong to no company',
  memberNotFound: 'Member not found',
  invitationNotFound: 'Invitation not found',
  alreadyMember: 'This address already belongs to a member of your company',
  onlyOwnersTouchOwners: "Only an owner may change an owner's role, remove an owner or make someone an owner",
  securityOwnersOnly: "Only an owner may change the company's security settings",
  lastOwner: 'A company must keep at least one owner. Make another member an owner first.',
  transferToSelf: 'You already own this company. Choose another member.',
  invitationInvalid: 'This invitation link is invalid or has already been used',
  invitationExpired: 'This invitation has expired. Ask the company for a new one.',
  invitationWrongAddress:
    'This invitation was sent to a different e-mail address. Sign in with that address to accept it.',
  signInToAccept: 'An account with this address exists. Sign in, then open the invitation link again.',
  cannotJoin:
    'Your account is a business of its own (it has members, invitations, listings, offers, orders or conversations), so it cannot join another company.',
  noCompany:
    "This sign-in no longer belongs to a company. Ask the company's owner or a manager to invite you again.",
  adminCannotJoin: 'Admin accounts cannot join a company',
  newLoginFields: 'Enter your name and a password to accept the invitation',
  twoFactorRequired:
    'Your company asks every member to sign in with a second factor. Turn on two-factor sign-in (Profile Settings → Security) to continue.',
  invited: (email: string) => `Invitation sent to ${email}`,
  invitationRevoked: 'Invitation revoked',
  joined: (company: string) => `Welcome to ${company}`,
  roleChanged: (role: keyof typeof ROLE_LABELS) => `Role changed to ${ROLE_LABELS[role]}`,
  memberRemoved: 'Member removed. Their sessions have ended.',
  ownershipTransferred: 'Ownership transferred. You are now a manager.',
  securitySaved: (required: boolean) =>
    required ? 'Every member must now sign in with a second factor' : 'Two-factor sign-in is now optional',
  fetchFailed: 'Failed to load your company',
  inviteFailed: 'Failed to send the invitation',
  revokeFailed: 'Failed to revoke the invitation',
  roleFailed: 'Failed to change the role',
  removeFailed: 'Failed to remove the member',
  transferFailed: 'Failed to transfer ownership',
  securityFailed: 'Failed to save the security setting',
  acceptFailed: 'Failed to accept the invitation',
} as const;
