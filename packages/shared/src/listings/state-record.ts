import { z } from 'zod';
import { singleLine } from '../common/fields.ts';
import { californiaToday, isCalendarDate } from '../deals/schemas.ts';
import {
  BATCH_NUMBER_MAX,
  COA_LAB_LICENSE_MAX,
  COA_LAB_NAME_MAX,
  COA_RESULTS,
  COA_STATUSES,
  PACKAGE_UID_PATTERN,
  PACKAGE_UIDS_MAX,
  STATE_RECORD,
} from './state-record-texts.ts';

// A lot's state record (issue 23 item 1, decision 211): its batch, its Metrc package UIDs and its
// certificate of analysis. The field schemas live here so that the listing form and the API refuse
// the same things with the same words (state-record-texts.ts).

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
