// The companies feature's public face (issue 28): what other features may use.
export { foundCompany } from './founding.ts';
export { type CompanyLicense, companyLicenses } from './licenses.ts';
export { setOrderLimit } from './order-limits.ts';
