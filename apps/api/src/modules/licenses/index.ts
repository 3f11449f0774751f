// What other features may use of the license registry; everything else in this folder is its own business.
export { normaliseLicenseNumber } from './license-format.ts';
export { importRegistryCsv } from './registry-import.ts';
export {
  assertLicenseNumberFree,
  licenseCheck,
  licenseVerdict,
  normalisedLicenseNumber,
  verdictFrom,
} from './verdict.ts';
