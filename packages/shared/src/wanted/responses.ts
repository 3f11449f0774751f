import { z } from 'zod';
import { paginatedResponse, succeeded } from '../common/responses.ts';
import { PRODUCT_CATEGORIES } from '../constants.ts';
import { OFFER_STATUSES } from '../deals/schemas.ts';

const party = z.object({ _id: z.string(), businessName: z.string() });

/** A seller's answer, as the buyer who posted reads it. */
export const wantedAnswerDto = z.object({
  _id: z.string(),
  seller: party,
  listingId: z.string().nullable(),
  listingTitle: z.string(),
  offerId: z.string(),
  quantityLbs: z.number(),
  pricePerLb: z.number(),
  /** The offer as it stands now ("expired" when it ran out unanswered). */
  offerStatus: z.enum(OFFER_STATUSES),
  createdAt: z.string(),
});
export type WantedAnswerDto = z.infer<typeof wantedAnswerDto>;

export const wantedPostDto = z.object({
  _id: z.string(),
  buyer: party,
  category: z.enum(PRODUCT_CATEGORIES).nullable(),
  query: z.string(),
  quantityLbs: z.number(),
  minPrice: z.number().nullable(),
  maxPrice: z.number().nullable(),
  /** YYYY-MM-DD or null. */
  neededBy: z.string().nullable(),
  county: z.string().nullable(),
  /** "expired" is computed: an open post past expiresAt. */
  status: z.enum(['open', 'closed', 'expired']),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The answers, for the buyer who posted; null for sellers reading the board. */
  answers: z.array(wantedAnswerDto).nullable(),
  /** For a seller: whether their company has answered it already. */
  answeredByMe: z.boolean(),
});
export type WantedPostDto = z.infer<typeof wantedPostDto>;

export const wantedListResponse = paginatedResponse(wantedPostDto);
export type WantedListResponse = z.infer<typeof wantedListResponse>;

export const wantedPostResponse = z.object({ success: succeeded, message: z.string(), data: wantedPostDto });

export const wantedAnswerResponse = z.object({
  success: succeeded,
  message: z.string(),
  data: z.object({ answerId: z.string(), offerId: z.string() }),
});
