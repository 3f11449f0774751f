// What other features may use of auth; everything else in this folder is its own business.
export {
  checkPasswordForEmailChange,
  type EmailChangeMail,
  forgetMailedLinks,
  requestEmailChange,
  sendEmailChangeMail,
} from './email-change.ts';
export { accountStatusEmail, reasonLine } from './emails.ts';
export { readRegistrationForm as readLicenseForm } from './registration-form.ts';
export { createSession, endUserSessions } from './sessions.ts';
