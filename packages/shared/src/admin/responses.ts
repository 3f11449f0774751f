import { z } from 'zod';
import { LICENSE_FLAGS } from '../account-review.ts';
import { pendingProfileChangeDto, userDto } from '../accounts/responses.ts';
import { productDto } from '../catalog/responses.ts';
import { messageResponse, paginatedResponse, succeeded } from '../common/responses.ts';
import { USER_STATUSES } from '../constants.ts';
import { REVIEW_DECISIONS } from '../listing-moderation.ts';
import { listingDto } from '../listings/responses.ts';

// Wire shapes of the admin calls (SPEC §2, §7, and the account and listing review of issue 10).

export const NAME_MATCH_LEVELS = ['exact', 'close', 'partial', 'none'] as const;
export type NameMatchLevel = (typeof NAME_MATCH_LEVELS)[number];

/** Another account that holds the same license number (rejected accounts do not count). */
export const licenseHolderDto = z.object({
  _id: z.string(),
  email: z.string(),
  businessName: z.string(),
  status: z.enum(USER_STATUSES),
});
export type LicenseHolder = z.infer<typeof licenseHolderDto>;

/** The short form of the registry verdict that the user list shows in a column. */
export const licenseCheckDto = z.object({
  clear: z.boolean(),
  flags: z.array(z.enum(LICENSE_FLAGS)),
  /** The registry's status text, or null when the number is not in the registry. */
  registryStatus: z.string().nullable(),
  nameMatch: z.object({ level: z.enum(NAME_MATCH_LEVELS), score: z.number() }).nullable(),
});
export type LicenseCheck = z.infer<typeof licenseCheckDto>;

/** What the admin sees beside a user's license: its format, and what the state registry says. */
export const licenseVerdictDto = z.object({
  licenseNumber: z.string(),
  format: z.object({
    recognised: z.boolean(),
    kind: z.string().nullable(),
    warning: z.string().nullable(),
  }),
  registry: z.discriminatedUnion('found', [
    z.object({ found: z.literal(false) }),
    z.object({
      found: z.literal(true),
      status: z.string(),
      active: z.boolean(),
      licenseType: z.string(),
      legalName: z.string(),
      dbaName: z.string(),
      county: z.string(),
      /** Calendar dates, YYYY-MM-DD. */
      issuedOn: z.string().nullable(),
      expiresOn: z.string().nullable(),
      expired: z.boolean(),
      nameMatch: z.object({
        score: z.number(),
        level: z.enum(NAME_MATCH_LEVELS),
        matchedOn: z.enum(['legal', 'dba']),
      }),
    }),
  ]),
  /** Other accounts registered with the same license number. */
  duplicates: z.array(licenseHolderDto),
});
export type LicenseVerdict = z.infer<typeof licenseVerdictDto>;

/** A row of GET /admin/users: the user, its license check and whether a change waits. */
export const adminUserRowDto = userDto.extend({
  licenseCheck: licenseCheckDto.nullable(),
  pendingProfileChange: z.boolean(),
});
export type AdminUserRowDto = z.infer<typeof adminUserRowDto>;

/** GET /admin/users/:id: everything an admin needs before acting on an account. */
export const userReviewDto = z.object({
  user: userDto,
  license: licenseVerdictDto,
  licenseCheck: licenseCheckDto.nullable(),
  /** Listings the public catalog shows now (what a suspension removes). */
  catalogListings: z.number().int(),
  pendingProfileChange: pendingProfileChangeDto
    .extend({ license: licenseVerdictDto, licenseCheck: licenseCheckDto })
    .nullable(),
});
export type UserReviewDto = z.infer<typeof userReviewDto>;

export const auditEntryDto = z.object({
  _id: z.string(),
  /** _id is null when the system acted on its own. */
  admin: z.object({ _id: z.string().nullable(), email: z.string() }),
  reason: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  targetLabel: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEntryDto = z.infer<typeof auditEntryDto>;

/** The four Overview figures of SPEC §2/§3. */
export const adminStatsDto = z.object({
  totalUsers: z.number().int(),
  pendingSellers: z.number().int(),
  activeListings: z.number().int(),
  totalMessages: z.number().int(),
  /** Beyond SPEC (issue 14): orders placed in the last 30 days, cancelled ones left out. */
  ordersLast30Days: z.number().int(),
  /** Their total value in dollars. */
  orderValueLast30Days: z.number(),
});
export type AdminStats = z.infer<typeof adminStatsDto>;

/** A listing in the admin's table: the seller's view plus who the seller is. */
export const adminListingDto = listingDto.extend({
  user_id: z.object({
    _id: z.string(),
    email: z.string(),
    profile: z.object({ businessName: z.string(), contactName: z.string() }),
  }),
});
export type AdminListingDto = z.infer<typeof adminListingDto>;

/** An open review request in the admin's queue. */
export const listingReviewRequestDto = z.object({
  _id: z.string(),
  message: z.string(),
  createdAt: z.string(),
  listing: z.object({
    _id: z.string(),
    title: z.string(),
    hiddenReason: z.string().nullable(),
    hiddenAt: z.string().nullable(),
  }),
  seller: z.object({ _id: z.string(), email: z.string(), businessName: z.string(), contactName: z.string() }),
});
export type ListingReviewRequestDto = z.infer<typeof listingReviewRequestDto>;

/** A review request in a listing's history, answered or not. */
export const listingReviewHistoryDto = z.object({
  _id: z.string(),
  message: z.string(),
  createdAt: z.string(),
  resolution: z.enum(REVIEW_DECISIONS).nullable(),
  resolutionReason: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type ListingReviewHistoryDto = z.infer<typeof listingReviewHistoryDto>;

/** What deleting a listing takes with it (the delete dialog lists it). */
export const listingDeletionSummaryDto = z.object({
  images: z.number().int(),
  videos: z.number().int(),
  labResults: z.boolean(),
  /** Conversations that name this listing; they stay, without the link. */
  conversations: z.number().int(),
});
export type ListingDeletionSummaryDto = z.infer<typeof listingDeletionSummaryDto>;

/** GET /admin/listings/:id: the listing as the public would see it, its history and its weight. */
export const listingPreviewDto = z.object({
  listing: adminListingDto,
  product: productDto,
  history: z.array(auditEntryDto),
  reviewRequests: z.array(listingReviewHistoryDto),
  deletion: listingDeletionSummaryDto,
});
export type ListingPreviewDto = z.infer<typeof listingPreviewDto>;

export const adminUsersResponse = paginatedResponse(adminUserRowDto);
export type AdminUsersResponse = z.infer<typeof adminUsersResponse>;
export const userStatusChangedResponse = messageResponse.extend({ data: userDto });
export const userReviewResponse = z.object({ success: succeeded, data: userReviewDto });
export const auditResponse = paginatedResponse(auditEntryDto);
export type AuditResponse = z.infer<typeof auditResponse>;
export const adminStatsResponse = z.object({ success: succeeded, data: adminStatsDto });
export const adminListingsResponse = paginatedResponse(adminListingDto);
export type AdminListingsResponse = z.infer<typeof adminListingsResponse>;
export const listingToggledResponse = messageResponse.extend({
  data: z.object({ _id: z.string(), is_active: z.boolean() }),
});
export const listingPreviewResponse = z.object({ success: succeeded, data: listingPreviewDto });
export const listingReviewsResponse = paginatedResponse(listingReviewRequestDto);
export type ListingReviewsResponse = z.infer<typeof listingReviewsResponse>;
export const reviewAnsweredResponse = messageResponse.extend({
  data: z.object({ _id: z.string(), listingId: z.string(), decision: z.enum(REVIEW_DECISIONS) }),
});
export type AdminStatsResponse = z.infer<typeof adminStatsResponse>;
export type UserReviewResponse = z.infer<typeof userReviewResponse>;
export type UserStatusChangedResponse = z.infer<typeof userStatusChangedResponse>;
export type ListingPreviewResponse = z.infer<typeof listingPreviewResponse>;
export type ListingToggledResponse = z.infer<typeof listingToggledResponse>;
export type ReviewAnsweredResponse = z.infer<typeof reviewAnsweredResponse>;
