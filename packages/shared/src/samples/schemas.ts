import { z } from 'zod';
import { multiLine, singleLine, strictObject } from '../common/fields.ts';
import { pageQuery } from '../common/queries.ts';
import { paginatedResponse, succeeded } from '../common/responses.ts';
import { DEAL_PARTIES, orderSchema } from '../deals/schemas.ts';
import { SAMPLE_GRAMS_MAX, SAMPLE_NOTE_MAX, SAMPLES_PAGE_DEFAULT, SAMPLES_PAGE_MAX } from './limits.ts';
import { SAMPLES } from './texts.ts';

// Issue 25 item 3's wire contract: a buyer's sample request, the seller's answer, and the lists.

export const SAMPLE_STATUSES = ['requested', 'approved', 'declined'] as const;
export type SampleStatus = (typeof SAMPLE_STATUSES)[number];

const optionalText = (max: number, tooLong: string) =>
  z
    .union([multiLine(z.string().trim().max(max, tooLong)), z.null()])
    .optional()
    .transform((value) => value || null);

/** POST /samples: grams are whole, from JSON or typed text. */
export const sampleRequestSchema = strictObject({
  listingId: singleLine(
    z.string({ error: SAMPLES.lotNotPublic }).trim().min(1, SAMPLES.lotNotPublic).max(100),
  ),
  grams: z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({
        error: (issue) => (issue.input === undefined ? SAMPLES.gramsRequired : SAMPLES.gramsInvalid),
      })
      .int(SAMPLES.gramsInvalid)
      .min(1, SAMPLES.gramsInvalid)
      .max(SAMPLE_GRAMS_MAX, SAMPLES.gramsInvalid),
  ),
  note: optionalText(SAMPLE_NOTE_MAX, SAMPLES.noteTooLong),
});
export type SampleRequestInput = z.input<typeof sampleRequestSchema>;

/** POST /samples/{id}/decline: an optional reason the buyer reads. */
export const sampleDeclineSchema = strictObject({
  reason: optionalText(SAMPLE_NOTE_MAX, SAMPLES.reasonTooLong),
});
export type SampleDeclineInput = z.input<typeof sampleDeclineSchema>;

/** GET /samples: one side's requests (the caller's own side when left out), newest first, by status. */
export const sampleListQuerySchema = pageQuery(SAMPLES_PAGE_DEFAULT, SAMPLES_PAGE_MAX).extend({
  role: z.enum(DEAL_PARTIES).optional().catch(undefined),
  status: z.enum(SAMPLE_STATUSES).optional().catch(undefined),
});
export type SampleListQuery = z.output<typeof sampleListQuerySchema>;

const party = z.object({ _id: z.string(), businessName: z.string() });
const orderRef = z.object({ _id: z.string(), number: z.string() });

export const sampleSchema = z.object({
  _id: z.string(),
  /** Null once the listing is deleted; the title still names it. */
  listingId: z.string().nullable(),
  listingTitle: z.string(),
  buyer: party,
  seller: party,
  grams: z.number().int(),
  note: z.string().nullable(),
  status: z.enum(SAMPLE_STATUSES),
  declineReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The $0 order an approved sample became. */
  order: orderRef.nullable(),
  /**
   * The buyer's first order from the seller, after approval and within SAMPLE_CONVERSION_DAYS, of
   * this lot or of a lot of the same strain (decision 245); null while there is none.
   */
  ledTo: orderRef.nullable(),
});
export type SampleDto = z.infer<typeof sampleSchema>;

export const sampleResponseSchema = z.object({ success: succeeded, message: z.string(), data: sampleSchema });
export const sampleApprovedResponseSchema = z.object({
  success: succeeded,
  message: z.string(),
  data: z.object({ sample: sampleSchema, order: orderSchema }),
});
export const sampleListResponseSchema = paginatedResponse(sampleSchema);
