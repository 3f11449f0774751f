import { z } from 'zod';
import { singleLine } from '../common/fields.ts';
import { californiaToday, isCalendarDate } from '../deals/schemas.ts';

// A lot's state record (issue 23 item 1, decision 211): its batch, its Metrc package UIDs and its
// certificate of analysis. The limits, the wording and the field schemas live together here so
// that the listing form and the API refuse the same things with the same words.

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

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** An optional one-line text: blank is null. */
const optionalLine = (max: number, tooLong: string) =>
  z.preprocess(
    (value) => (isBlank(value) ? undefined : value),
    singleLine(z.string().trim().max(max, tooLong)).optional(),
  );

/**
 * The package UIDs: a JSON list as multipart text, or a list from the form. Each is trimmed and
 * upper-cased (Metrc prints them in capitals) before its format is checked; blank entries (an
 * empty row the seller added) are dropped.
 */
export const packageUidsField = z
  .preprocess(
    (value) => {
      if (isBlank(value)) return [];
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value);
      } catch {
        return Symbol('malformed');
      }
    },
    z.array(z.string({ error: STATE_RECORD.packageUidsInvalid }), { error: STATE_RECORD.packageUidsInvalid }),
  )
  .transform((uids) => uids.map((uid) => uid.trim().toUpperCase()).filter((uid) => uid !== ''))
  .superRefine((uids, context) => {
    if (uids.length > PACKAGE_UIDS_MAX) {
      context.addIssue({ code: 'custom', message: STATE_RECORD.packageUidsTooMany });
      return;
    }
    const seen = new Set<string>();
    for (const [index, uid] of uids.entries()) {
      if (!PACKAGE_UID_PATTERN.test(uid)) {
        // Quoted as typed but cut short: the text names what is wrong without echoing a page of it.
        context.addIssue({
          code: 'custom',
          path: [index],
          message: STATE_RECORD.packageUidInvalid(uid.slice(0, 40)),
        });
        return;
      }
      if (seen.has(uid)) {
        context.addIssue({ code: 'custom', path: [index], message: STATE_RECORD.packageUidRepeated(uid) });
        return;
      }
      seen.add(uid);
    }
  });

/** The state record's fields of the listing form, flat as the multipart form sends them. */
export const stateRecordFields = {
  batch_number: optionalLine(BATCH_NUMBER_MAX, STATE_RECORD.batchTooLong),
  package_uids: packageUidsField.optional().default([]),
  coa_lab_name: optionalLine(COA_LAB_NAME_MAX, STATE_RECORD.coaLabNameTooLong),
  coa_lab_license: optionalLine(COA_LAB_LICENSE_MAX, STATE_RECORD.coaLabLicenseTooLong),
  coa_tested_at: optionalLine(10, STATE_RECORD.coaTestedAtInvalid)
    .refine((value) => value === undefined || isCalendarDate(value), STATE_RECORD.coaTestedAtInvalid)
    // Pacific calendar dates compare as text.
    .refine((value) => value === undefined || value <= californiaToday(), STATE_RECORD.coaTestedAtFuture),
  coa_result: z.preprocess(
    (value) => (isBlank(value) ? undefined : typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.enum(COA_RESULTS, { error: STATE_RECORD.coaResultInvalid }).optional(),
  ),
};

type StateRecordInput = {
  [K in keyof typeof stateRecordFields]?: z.output<(typeof stateRecordFields)[K]>;
};

const COA_PARTS = [
  ['coa_lab_name', STATE_RECORD.coaLabNameRequired],
  ['coa_lab_license', STATE_RECORD.coaLabLicenseRequired],
  ['coa_tested_at', STATE_RECORD.coaTestedAtRequired],
  ['coa_result', STATE_RECORD.coaResultRequired],
] as const;

/** A COA is all of its four facts or none of them: the first one missing is named. */
export function refineCoaComplete(form: StateRecordInput, context: z.RefinementCtx): void {
  const given = COA_PARTS.filter(([field]) => form[field] !== undefined);
  if (given.length === 0 || given.length === COA_PARTS.length) return;
  const missing = COA_PARTS.find(([field]) => form[field] === undefined);
  if (missing) context.addIssue({ code: 'custom', path: [missing[0]], message: missing[1] });
}

/** The stored shape of a state record: null where absent; the COA whole or null. */
export function stateRecordOf(form: StateRecordInput) {
  const { coa_lab_name, coa_lab_license, coa_tested_at, coa_result } = form;
  return {
    batch_number: form.batch_number ?? null,
    package_uids: form.package_uids ?? [],
    coa:
      coa_lab_name && coa_lab_license && coa_tested_at && coa_result
        ? {
            labName: coa_lab_name,
            labLicenseNumber: coa_lab_license,
            testedAt: coa_tested_at,
            result: coa_result,
          }
        : null,
  };
}

/** The COA as both the seller and the public read it; all null (status "missing") without one. */
export const coaDto = z.object({
  labName: z.string().nullable(),
  labLicenseNumber: z.string().nullable(),
  /** The test date, YYYY-MM-DD. */
  testedAt: z.string().nullable(),
  result: z.enum(COA_RESULTS).nullable(),
  status: z.enum(COA_STATUSES),
});
export type CoaDto = z.infer<typeof coaDto>;

/** The state record as the multipart form sends it (the fields above), from the parsed form. */
export function stateRecordWireFields(record: ReturnType<typeof stateRecordOf>): Record<string, string> {
  return {
    ...(record.batch_number ? { batch_number: record.batch_number } : {}),
    package_uids: JSON.stringify(record.package_uids),
    ...(record.coa
      ? {
          coa_lab_name: record.coa.labName,
          coa_lab_license: record.coa.labLicenseNumber,
          coa_tested_at: record.coa.testedAt,
          coa_result: record.coa.result,
        }
      : {}),
  };
}
