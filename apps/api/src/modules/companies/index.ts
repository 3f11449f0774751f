// The companies feature's public face (issue 28): what other features may use.

export { recordMemberAction } from './activity.ts';
export { foundCompany } from './founding.ts';
export { type CompanyLicense, companyLicenses, verifiedLicenseOf } from './licenses.ts';
export { assertBelongsToACompany, type MemberCaller, requireMember } from './membership.ts';
export { setOrderLimit } from './order-limits.ts';
export { presentLogin, presentSignedIn } from './signed-in.ts';
