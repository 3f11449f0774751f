import { messageResponse } from '../common/responses.ts';
import { defineRoutes } from '../route-contract.ts';
import { authAddresses } from './addresses.ts';
import {
  currentUserResponse,
  emailVerifiedResponse,
  loginResponse,
  registeredResponse,
  verificationResentResponse,
} from './responses.ts';
import {
  emailOnlySchema,
  loginSchema,
  registrationSchema,
  resetPasswordSchema,
  tokenSchema,
} from './schemas.ts';
import {
  twoFactorCodeSchema,
  twoFactorDisableSchema,
  twoFactorEnabledResponse,
  twoFactorSetupResponse,
  twoFactorVerifiedResponse,
  twoFactorVerifySchema,
} from './two-factor.ts';

export const authContracts = defineRoutes(authAddresses, {
  register: {
    summary: 'Sign up (multipart: the form fields and the license document)',
    multipart: {
      fields: registrationSchema,
      files: { licenseDocument: 'The license document: PDF, JPEG, PNG or WebP' },
    },
    response: { 201: registeredResponse },
  },
  verifyEmail: {
    summary: 'Confirm an address with the link from the verification mail; signs in',
    body: tokenSchema,
    response: { 200: emailVerifiedResponse },
  },
  resendVerification: {
    summary: 'Send the verification link again',
    body: emailOnlySchema,
    response: { 200: verificationResentResponse },
  },
  login: {
    summary: 'Sign in; answers a bearer token',
    body: loginSchema,
    response: { 200: loginResponse },
  },
  logout: { summary: 'End this session', response: { 200: messageResponse } },
  me: { summary: 'The signed-in user', response: { 200: currentUserResponse } },
  verifyTwoFactor: {
    summary: 'Finish a sign-in that asked for a second factor: the token it answered and a code',
    body: twoFactorVerifySchema,
    response: { 200: twoFactorVerifiedResponse },
  },
  startTwoFactorSetup: {
    summary: 'Start two-factor set-up: a new authenticator key, shown once',
    response: { 200: twoFactorSetupResponse },
  },
  enableTwoFactor: {
    summary: "Turn two-factor sign-in on with the app's first code; answers the recovery codes",
    body: twoFactorCodeSchema,
    response: { 200: twoFactorEnabledResponse },
  },
  disableTwoFactor: {
    summary: 'Turn two-factor sign-in off (the password and a code)',
    body: twoFactorDisableSchema,
    response: { 200: messageResponse },
  },
  forgotPassword: {
    summary: 'Ask for a password reset link (the same answer for any address)',
    body: emailOnlySchema,
    response: { 200: messageResponse },
  },
  resetPassword: {
    summary: 'Set a new password with the link from the reset mail',
    body: resetPasswordSchema,
    response: { 200: messageResponse },
  },
});
