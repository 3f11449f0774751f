import { LICENSE_DOCUMENT_MAX_BYTES } from './auth/limits.ts';
import { megabytes } from './common/units.ts';
import { MAX_IMAGES, MAX_VIDEOS, VIDEO_MAX_BYTES } from './listings/limits.ts';
// Every text a person reads that SPEC.md fixes (§5 validation, §8 error catalogue), plus the
// server texts SPEC leaves open. Tests assert against these same constants.

import { countOf } from './plural.ts';

export const NETWORK_SUFFIX = 'Please check if the server is running.';

export const VALIDATION = {
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 200 characters',
  mustAgreeToTerms: 'You must agree to the Terms of Service and Privacy Policy',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  contactNameRequired: 'Contact name is required',
  businessNameRequired: 'Business name is required',
  licenseNumberRequired: 'License number is required',
  licenseTypeRequired: 'License type is required',
  licenseTypeInvalid: 'License type is not one of the offered options',
  licenseDocumentRequired: 'License document is required',
  licenseDocumentType: 'License document must be a PDF, PNG or JPG file',
  licenseDocumentTooLarge: `License document must be ${megabytes(LICENSE_DOCUMENT_MAX_BYTES)} or smaller`,
  phoneRequired: 'Phone is required',
  phoneInvalid: 'Phone number is invalid',
  streetRequired: 'Street address is required',
  cityRequired: 'City is required',
  countyRequired: 'County is required',
  countyInvalid: 'County must be one of the 58 California counties',
  stateInvalid: 'State must be California',
  zipRequired: 'ZIP code is required',
  zipInvalid: 'ZIP code must be 5 digits',
  roleInvalid: 'Account type must be buyer or seller',
  passwordRequired: 'Password is required',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  tokenRequired: 'Token is required',
  fixFormErrors: 'Please fix the form errors',
  fieldTooLong: 'This field is too long',
} as const;

export const AUTH = {
  invalidCredentials: 'Invalid credentials. Please check your email and password and try again.',
  loginFailed: 'Login failed',
  loginNetwork: 'Login failed. Please try again.',
  verifyEmailFirst: (attemptsLeft: number) =>
    attemptsLeft > 0
      ? `Please verify your email address before logging in. You have ${countOf(attemptsLeft, 'resend attempt')} remaining.`
      : 'Please verify your email address before logging in. Maximum resend attempts reached - contact support for assistance.',
  registrationFailed: 'Registration failed. Please try again.',
  emailTaken: 'An account with this email already exists',
  resendFailed: 'Failed to resend verification email',
  resendSent: (attemptsLeft: number) =>
    `Verification email sent! You have ${countOf(attemptsLeft, 'attempt')} remaining.`,
  resendLimit: 'Maximum resend attempts reached - contact support for assistance.',
  noUnverifiedAccount: 'There is no unverified account with this email address',
  registered: 'Registration successful! Please check your email to verify your account.',
  loggedOut: 'Signed out',
  forgotFailed: 'Failed to send reset email. Please try again.',
  forgotSent: 'If an account exists for that email, a password reset link has been sent.',
  resetInvalidLink: 'Invalid reset link',
  resetExpired: 'Reset link has expired or is invalid',
  resetFailed: 'Failed to reset password. Please try again.',
  resetSuccess: 'Your password has been reset. Please sign in.',
  verifyNoToken: 'No verification token provided',
  verifyFailed: 'Verification failed',
  verifyInvalid: 'Verification link is invalid or has expired',
  /** A verification link opened again after it did its work (decision 131). */
  verifyAlreadyDone: 'This email address is already verified. Please sign in.',
  verifyAlreadyDoneTitle: 'Email already verified',
  networkError: 'Network error occurred',
  sessionExpired: 'Session expired. Please log in again.',
  signInRequired: 'Please sign in to continue',
  notVerified: 'Your account is not verified yet',
  forbidden: 'You do not have permission to do this',
  currentPasswordWrong: 'Current password is incorrect',
  emailVerified: 'Email Verified Successfully!',
} as const;

export const PROFILE = {
  loadFailed: 'Failed to load profile. Please try again.',
  loadNetwork: 'Failed to load profile. Network error occurred.',
  updated: 'Profile updated successfully!',
  updateFailed: 'Failed to update profile',
  passwordChanged: 'Password changed successfully!',
  changePasswordFailed: 'Failed to change password',
  loginRequired: 'Please log in to access your profile.',
} as const;

export const PRODUCTS = {
  fetchFailed: 'Failed to fetch products',
  networkError: 'Network error occurred',
  notFound: 'Product not found',
  contactPricing: 'Contact seller for exact pricing and minimum orders',
  // GET /products refuses a number it cannot read, naming the parameter (issue 27, decision 188).
  numberInvalid: (name: string) => `${name} must be a number`,
  numberOutOfRange: (name: string, min: number, max: number) =>
    `${name} must be a number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}`,
} as const;

export const LISTINGS = {
  loadFailed: 'Failed to load your listings. Please try again.',
  loadNetwork: 'Failed to load your listings. Please check if the server is running.',
  createFailed: 'Failed to create listing',
  createNetwork: 'Failed to create listing. Please check if the server is running.',
  created: 'Listing created successfully!',
  updateFailed: 'Failed to update listing',
  updateRetry: 'Failed to update listing. Please try again.',
  updated: 'Listing updated successfully!',
  archiveFailed: 'Failed to archive listing',
  relistFailed: 'Failed to reactivate listing',
  archived: 'Listing archived successfully!',
  relisted: 'Listing reactivated successfully!',
  fixErrorsAbove: 'Please fix the form errors above',
  maxImages: `Maximum ${MAX_IMAGES} images allowed`,
  maxVideos: `Maximum ${MAX_VIDEOS} videos allowed`,
  videoTooLarge: `Video files must be under ${megabytes(VIDEO_MAX_BYTES)} each`,
  notFound: 'Listing not found',
  aiFailed: 'Failed to enhance text. Please try again.',
  titleEnhanced: 'Title enhanced successfully!',
  descriptionEnhanced: 'Description enhanced successfully!',
} as const;

export const CONVERSATIONS = {
  fetchFailed: 'Failed to fetch conversations',
  fetchMessagesFailed: 'Failed to fetch messages',
  networkError: 'Network error occurred',
  notFound: 'Conversation not found',
  sendFailed: 'Failed to send message',
  sendNetwork: 'Network error occurred. Please check if the server is running.',
  sent: 'Message sent!',
  archived: 'Conversation archived',
  restored: 'Conversation restored',
  archiveFailed: 'Failed to archive conversation',
  restoreFailed: 'Failed to restore conversation',
  unreadFailed: 'Failed to fetch unread messages',
  loginToContact: 'Please log in to contact sellers',
  buyersOnly: 'Only verified buyers can contact sellers',
  fillBoth: 'Please fill in both subject and message',
} as const;

export const ADMIN = {
  accessDenied: 'Access denied. Admin privileges required.',
  fetchFailed: 'Failed to fetch admin data',
  statusFailed: 'Failed to update user status',
  toggleFailed: 'Failed to toggle listing status',
  deleteFailed: 'Failed to delete listing',
  statusUpdated: (status: string) => `User status updated to ${status}`,
  listingDeleted: 'Listing deleted successfully',
  listingActivated: 'Listing activated',
  listingDeactivated: 'Listing deactivated',
  userNotFound: 'User not found',
  unknownStatus: 'Status must be one of pending, verified, rejected or suspended',
  ownStatus: 'You cannot change the status of your own account',
  transitionRefused: (from: string, to: string) => `A ${from} account cannot be set to ${to}`,
} as const;

export const GENERIC = {
  notFound: 'Not found',
  badRequest: 'The request could not be understood',
  bodyTooLarge: 'The request is too large',
  rateLimited: 'Too many requests. Please slow down and try again shortly.',
  internal: 'Something went wrong on our side. Please try again.',
  unexpectedApplicationError: 'Unexpected Application Error!',
} as const;

export const ACCOUNT_STATUS = {
  pendingTitle: 'Account Verification Pending',
  pendingBody: 'Your account is currently under review by our team.',
  suspendedTitle: 'Account Suspended',
  suspendedBody: 'Your account has been suspended. Please contact support for assistance.',
  unknownTitle: 'Account Status Unknown',
  reviewFooter:
    "We review all accounts within 24-48 hours during business days. You'll receive an email notification once your account is verified.",
} as const;
