import { address } from '../route-contract.ts';

// Where the sign-up, sign-in and password calls answer (decision 200): no zod here, see routes.ts.
export const authAddresses = {
  register: address('POST', '/auth/register'),
  verifyEmail: address('POST', '/auth/verify-email'),
  resendVerification: address('POST', '/auth/resend-verification'),
  login: address('POST', '/auth/login'),
  logout: address('POST', '/auth/logout'),
  me: address('GET', '/auth/me'),
  verifyTwoFactor: address('POST', '/auth/2fa/verify'),
  startTwoFactorSetup: address('POST', '/auth/2fa/setup'),
  enableTwoFactor: address('POST', '/auth/2fa/enable'),
  disableTwoFactor: address('POST', '/auth/2fa/disable'),
  forgotPassword: address('POST', '/auth/forgot-password'),
  resetPassword: address('POST', '/auth/reset-password'),
};
