// The licenses feature's public face (issue 28 item 5): the company page, the admin screens and
// the listing form use these.
export {
  companyLicensesQueryOptions,
  licenseKeys,
  licenseReviewQueryOptions,
} from './api/licenses-api.ts';
export { AddLicenseButton, AddLicenseDialog } from './components/add-license-dialog.tsx';
export { LicenseReviewQueue } from './components/license-review-queue.tsx';
export { ShipsFromSelect } from './components/ships-from-select.tsx';
