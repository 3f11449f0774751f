// A lot's state record (issue 23 item 1, decision 211): its limits and its wording, with no zod,
// so the product page can name the COA's facts without loading the form libraries (decision 177).
// The field schemas that apply them are in state-record.ts.

/** A Metrc package tag: "1A4" then 21 capital letters or digits (24 characters in all). */
export const PACKAGE_UID_PATTERN = /^1A4[0-9A-Z]{21}$/;
export const PACKAGE_UIDS_MAX = 50;
export const BATCH_NUMBER_MAX = 100;
export const COA_LAB_NAME_MAX = 200;
export const COA_LAB_LICENSE_MAX = 50;
/**
 * A COA is current for this many months after its test date, and "expiring" from the second. The
 * database's listing_coa_status (migration 0028) decides with the same figures; these name them in
 * the texts.
 */
export const COA_VALID_MONTHS = 12;
export const COA_WARNING_MONTHS = 11;

export const COA_RESULTS = ['pass', 'fail'] as const;
export type CoaResult = (typeof COA_RESULTS)[number];

/**
 * Where a lot's COA stands on today's Pacific date: current; expiring (over 11 months old, still
 * listed); expired (12 months or more: out of the catalog); failed (out of the catalog); missing.
 */
export const COA_STATUSES = ['current', 'expiring', 'expired', 'failed', 'missing'] as const;
export type CoaStatus = (typeof COA_STATUSES)[number];

export const STATE_RECORD = {
  sectionTitle: 'State record',
  sectionHint: `The batch, the Metrc package tags and the certificate of analysis (COA) of this lot. A passing COA under ${COA_VALID_MONTHS} months old shows the lot as Lab Tested.`,
  batchLabel: 'Batch number',
  packageUidsLabel: 'Metrc package UIDs',
  packageUidLabel: (position: number) => `Package UID ${position}`,
  addPackageUid: 'Add package UID',
  removePackageUid: (position: number) => `Remove package UID ${position}`,
  packageUidHint: '1A4 followed by 21 capital letters or digits',
  coaLabNameLabel: 'Testing lab',
  coaLabLicenseLabel: 'Lab license number',
  coaTestedAtLabel: 'COA test date',
  coaResultLabel: 'COA result',
  coaDocumentHint: 'Attach the COA document as the lab results file.',
  resultLabels: { pass: 'Pass', fail: 'Fail' } satisfies Record<CoaResult, string>,
  statusLabels: {
    current: 'COA current',
    expiring: 'COA expiring',
    expired: 'COA expired',
    failed: 'COA failed',
    missing: 'No COA',
  } satisfies Record<CoaStatus, string>,
  // Field errors
  batchTooLong: `Batch number must be at most ${BATCH_NUMBER_MAX} characters`,
  packageUidsInvalid: 'package_uids must be a JSON list of Metrc package UIDs',
  packageUidsTooMany: `A lot can carry at most ${PACKAGE_UIDS_MAX} package UIDs`,
  packageUidInvalid: (uid: string) =>
    `Package UID "${uid}" is not valid: a Metrc package UID is 1A4 followed by 21 capital letters or digits`,
  packageUidRepeated: (uid: string) => `Package UID ${uid} is listed twice`,
  packageUidTaken: (uid: string) => `Package UID ${uid} is already on another of your live lots`,
  coaLabNameRequired: 'Testing lab is required for a certificate of analysis',
  coaLabNameTooLong: `Testing lab must be at most ${COA_LAB_NAME_MAX} characters`,
  coaLabLicenseRequired: 'Lab license number is required for a certificate of analysis',
  coaLabLicenseTooLong: `Lab license number must be at most ${COA_LAB_LICENSE_MAX} characters`,
  coaTestedAtRequired: 'COA test date is required for a certificate of analysis',
  coaTestedAtInvalid: 'COA test date must be a date (YYYY-MM-DD)',
  coaTestedAtFuture: 'COA test date cannot be in the future',
  coaResultRequired: 'COA result is required for a certificate of analysis',
  coaResultInvalid: 'COA result must be pass or fail',
  // Refusals of a lot whose COA keeps it out of the catalog
  coaBarsListing:
    "This lot's certificate of analysis has expired or failed: add a current, passing COA before listing it",
  // The seller's dashboard
  withheldExpired: (testedAt: string) =>
    `Out of the catalog: its COA (tested ${testedAt}) is ${COA_VALID_MONTHS} months old or more. Add a current COA to list it again.`,
  withheldFailed: 'Out of the catalog: its COA failed. Add a passing COA to list it again.',
  expiringWarning: (testedAt: string) =>
    `Its COA (tested ${testedAt}) is over ${COA_WARNING_MONTHS} months old: the lot leaves the catalog when it turns ${COA_VALID_MONTHS} months old.`,
} as const;
