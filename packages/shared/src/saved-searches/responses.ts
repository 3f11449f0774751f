import { z } from 'zod';
import { succeeded } from '../common/responses.ts';

export const savedSearchDto = z.object({
  _id: z.string(),
  name: z.string(),
  /** The catalog's address parameters: `/products?` plus these runs the search. */
  filters: z.record(z.string(), z.string()),
  /** The filters in words ("“blue dream” · Flower · THC 20–30%"). */
  summary: z.string(),
  createdAt: z.string(),
  /** When the last alert mail went out, or null. */
  lastAlertedAt: z.string().nullable(),
});
export type SavedSearchDto = z.infer<typeof savedSearchDto>;

export const savedSearchListResponse = z.object({ success: succeeded, data: z.array(savedSearchDto) });
export type SavedSearchListResponse = z.infer<typeof savedSearchListResponse>;

export const savedSearchResponse = z.object({
  success: succeeded,
  message: z.string(),
  data: savedSearchDto,
});
export type SavedSearchResponse = z.infer<typeof savedSearchResponse>;
