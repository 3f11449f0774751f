import { REVIEW } from './account-review.ts';
import { ACCOUNT_SECURITY } from './account-security.ts';
import { API_KEYS } from './api-keys/texts.ts';
import { TWO_FACTOR } from './auth/two-factor.ts';
import { BUYER_GROUPS } from './buyer-groups/texts.ts';
import { IDEMPOTENCY } from './common/idempotency.ts';
import { COMPANY } from './company/texts.ts';
import { DEALS } from './deals/texts.ts';
import { FULFILMENT } from './fulfilment/texts.ts';
import { INVOICES } from './invoices/texts.ts';
import { LISTING_MODERATION } from './listing-moderation.ts';
import { LOT_IMPORT } from './listings/lot-import.ts';
import { STATE_RECORD } from './listings/state-record-texts.ts';
import { LISTING_RULES } from './listings/texts.ts';
import { LISTING_TOOLS } from './listings/tools.ts';
import { MESSAGE_RULES } from './messaging/texts.ts';
import { SAMPLES } from './samples/texts.ts';
import { SAVED_SEARCHES } from './saved-searches/texts.ts';
import { SELLERS } from './sellers/texts.ts';
import { ADMIN, AUTH, CONVERSATIONS, GENERIC, LISTINGS, PRODUCTS, VALIDATION } from './texts.ts';
import { WANTED } from './wanted/texts.ts';
import { WATCHLIST } from './watchlist/texts.ts';
import { WEBHOOKS } from './webhooks/texts.ts';

// Every failure body carries a `code` beside SPEC's text (issue 27 item 17, decision 196): the text
// is for the person, the code for the program, which branches on it and not on status and
// wording. A failure's code is named here once, against the constant text the server throws, so
// no throw site has to repeat it; a text built from numbers (a wait, a count) cannot be looked up
// and its throw site names the code instead. Anything else answers the code of its status.

/** Failures a client may want to tell apart, keyed by code, valued by the text the server sends. */
export const FAILURE_TEXTS = {
  // Signing in and the account
  invalid_credentials: AUTH.invalidCredentials,
  sign_in_required: AUTH.signInRequired,
  account_not_verified: AUTH.notVerified,
  not_permitted: AUTH.forbidden,
  email_taken: AUTH.emailTaken,
  current_password_wrong: AUTH.currentPasswordWrong,
  current_password_required: VALIDATION.currentPasswordRequired,
  reset_link_expired: AUTH.resetExpired,
  verification_link_invalid: AUTH.verifyInvalid,
  email_already_verified: AUTH.verifyAlreadyDone,
  no_unverified_account: AUTH.noUnverifiedAccount,
  resend_limit_reached: AUTH.resendLimit,
  email_change_limit_reached: ACCOUNT_SECURITY.emailChangeLimit,
  license_document_required: VALIDATION.licenseDocumentRequired,
  license_document_too_large: VALIDATION.licenseDocumentTooLarge,
  license_document_type: VALIDATION.licenseDocumentType,
  license_taken: REVIEW.licenseTaken,
  two_factor_required: TWO_FACTOR.codeNeeded,
  two_factor_code_invalid: TWO_FACTOR.codeInvalid,
  two_factor_challenge_expired: TWO_FACTOR.challengeExpired,
  two_factor_already_enabled: TWO_FACTOR.alreadyEnabled,
  two_factor_not_enabled: TWO_FACTOR.notEnabled,
  two_factor_setup_missing: TWO_FACTOR.setupFirst,
  two_factor_enrolment_required: TWO_FACTOR.adminMustEnrol,
  // Admin
  admin_only: ADMIN.accessDenied,
  user_not_found: ADMIN.userNotFound,
  own_status: ADMIN.ownStatus,
  reason_required: REVIEW.reasonRequired,
  approval_needs_reason: REVIEW.approvalNeedsReason,
  no_pending_change: REVIEW.noPendingChange,
  // Listings
  listing_not_found: LISTINGS.notFound,
  product_not_found: PRODUCTS.notFound,
  seller_not_found: SELLERS.notFound,
  product_type_unknown: LISTING_RULES.productTypeUnknown,
  field_too_long: LISTING_RULES.fieldTooLong,
  too_many_images: LISTING_RULES.maxImages,
  too_many_videos: LISTING_RULES.maxVideos,
  too_many_media: LISTING_RULES.maxMedia,
  image_unreadable: LISTING_RULES.imageUnreadable,
  image_too_many_pixels: LISTING_RULES.imageTooManyPixels,
  media_order_invalid: LISTING_TOOLS.mediaOrderInvalid,
  listing_version_stale: LISTING_TOOLS.staleVersion,
  not_a_draft: LISTING_TOOLS.notADraft,
  draft_on_update: LISTING_TOOLS.draftOnUpdate,
  draft_relist_refused: LISTING_TOOLS.draftRelistRefused,
  admin_draft_refused: LISTING_TOOLS.adminDraftRefused,
  duplicate_hidden: LISTING_TOOLS.duplicateHidden,
  enhance_failed: LISTINGS.aiFailed,
  relist_refused: LISTING_MODERATION.relistRefused,
  review_not_found: LISTING_MODERATION.reviewNotFound,
  review_already_open: LISTING_MODERATION.reviewAlreadyOpen,
  review_already_answered: LISTING_MODERATION.reviewAlreadyAnswered,
  review_not_hidden: LISTING_MODERATION.reviewNotHidden,
  coa_bars_listing: STATE_RECORD.coaBarsListing,
  // Messages
  conversation_not_found: CONVERSATIONS.notFound,
  self_message: MESSAGE_RULES.selfMessage,
  not_listing_seller: MESSAGE_RULES.notListingSeller,
  listing_not_in_conversation: MESSAGE_RULES.listingNotInConversation,
  idempotency_key_invalid: MESSAGE_RULES.idempotencyKeyInvalid,
  idempotency_key_reused: MESSAGE_RULES.idempotencyKeyReused,
  idempotency_key_other_request: IDEMPOTENCY.keyReused,
  idempotency_key_in_progress: IDEMPOTENCY.inProgress,
  // Deals
  offer_not_found: DEALS.offerNotFound,
  order_not_found: DEALS.orderNotFound,
  offer_not_open: DEALS.offerNotOpen,
  not_your_turn: DEALS.notYourTurn,
  only_maker_withdraws: DEALS.onlyMakerWithdraws,
  live_offer_exists: DEALS.liveOfferExists,
  quantity_unavailable: DEALS.notEnoughQuantity,
  /** Also MESSAGE_RULES.listingUnavailable: the same words, so the same code. */
  listing_unavailable: DEALS.listingUnavailable,
  party_not_verified: DEALS.partyNotVerified,
  order_party_gone: DEALS.orderPartyGone,
  // Offers of several lots and the cart (issue 25 item 0)
  offer_lines_other_seller: DEALS.lineOtherSeller,
  counter_needs_lines: DEALS.counterNeedsLines,
  counter_unknown_line: DEALS.counterUnknownLine,
  // Invoices and payments (issue 23)
  no_invoice: INVOICES.noInvoice,
  invoice_already_paid: INVOICES.alreadyPaid,
  only_seller_records_payments: INVOICES.onlySellerRecords,
  // Fulfilment, invoices and manifests (issue 23)
  fulfilment_frozen: FULFILMENT.frozenInTransit,
  invoice_not_issued: FULFILMENT.invoiceNotIssued,
  order_not_scheduled: FULFILMENT.notScheduled,
  // Saved searches and the watchlist
  saved_search_not_found: SAVED_SEARCHES.notFound,
  saved_search_name_taken: SAVED_SEARCHES.duplicateName,
  saved_search_limit_reached: SAVED_SEARCHES.limitReached,
  watchlist_full: WATCHLIST.full,
  // Companies (issue 28)
  member_not_found: COMPANY.memberNotFound,
  invitation_not_found: COMPANY.invitationNotFound,
  already_member: COMPANY.alreadyMember,
  owners_only: COMPANY.onlyOwnersTouchOwners,
  last_owner: COMPANY.lastOwner,
  invitation_invalid: COMPANY.invitationInvalid,
  invitation_expired: COMPANY.invitationExpired,
  invitation_wrong_address: COMPANY.invitationWrongAddress,
  sign_in_to_accept: COMPANY.signInToAccept,
  cannot_join_company: COMPANY.cannotJoin,
  company_two_factor_required: COMPANY.twoFactorRequired,
  no_company: COMPANY.noCompany,
  // API keys (issue 24)
  api_key_not_found: API_KEYS.notFound,
  api_key_invalid: API_KEYS.invalid,
  api_key_not_allowed: API_KEYS.notForKeys,
  api_key_limit_reached: API_KEYS.limitReached,
  webhook_not_found: WEBHOOKS.notFound,
  webhook_delivery_not_found: WEBHOOKS.deliveryNotFound,
  webhook_url_not_https: WEBHOOKS.urlNotHttps,
  webhook_url_private: WEBHOOKS.urlPrivate,
  webhook_limit_reached: WEBHOOKS.limitReached,
  // Bulk import of lots (decision 230)
  lot_import_file_required: LOT_IMPORT.fileRequired,
  lot_import_file_too_large: LOT_IMPORT.fileTooLarge,
  lot_import_too_many_rows: LOT_IMPORT.tooManyRows,
  external_sku_taken: LOT_IMPORT.skuTaken,
  // Wanted posts (issue 25 item 4)
  wanted_not_found: WANTED.notFound,
  wanted_closed: WANTED.closed,
  wanted_expired: WANTED.expired,
  wanted_lot_not_yours: WANTED.notYourLot,
  wanted_price_range: WANTED.priceRange,
  wanted_needed_by_past: WANTED.neededByPast,
  // Samples and reorder (issue 25 items 3 and 5, decisions 243-245)
  sample_not_found: SAMPLES.notFound,
  sample_lot_not_public: SAMPLES.lotNotPublic,
  sample_already_requested: SAMPLES.alreadyRequested,
  sample_not_waiting: SAMPLES.notWaiting,
  sample_seller_decides: SAMPLES.onlySellerDecides,
  reorder_not_delivered: DEALS.reorderNotDelivered,
  reorder_buyer_only: DEALS.onlyBuyerReorders,
  reorder_of_sample: DEALS.sampleNotReordered,
  reorder_nothing_matches: DEALS.nothingToReorder,
  // Buyer groups and their prices (issue 25 item 1, decisions 240 to 242)
  buyer_group_not_found: BUYER_GROUPS.notFound,
  buyer_group_name_taken: BUYER_GROUPS.nameTaken,
  buyer_company_unknown: BUYER_GROUPS.buyerUnknown,
  group_listing_not_own: BUYER_GROUPS.notOwnListing,
  group_percent_needs_asking: BUYER_GROUPS.percentNeedsAsking,
  // Anything
  not_found: GENERIC.notFound,
} as const;

/** Codes whose text carries a number or a name, so their throw sites name them. */
export const COMPUTED_FAILURE_CODES = [
  'email_unverified',
  'sign_in_slowed',
  'two_factor_slowed',
  'status_change_refused',
  'order_move_refused',
  'payment_over_balance',
  'api_key_scope_missing',
  'package_uid_taken',
  'distributor_refused',
  'packages_refused',
  'lot_import_has_errors',
  // Samples (issue 25 item 3): the cap's text names the cap.
  'sample_cap_reached',
  // Offers of several lots (issue 25 item 0): the line's lot is named in the text.
  'line_quantity_unavailable',
  'line_lot_changed',
  'line_listing_unavailable',
  // Buyer groups (issue 25 item 1)
  'buyer_in_other_group',
  'below_group_minimum',
] as const;

/** What a failure answers when nothing more precise is known: the name of its status. */
export const STATUS_FAILURE_CODES = {
  400: 'invalid_input',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
  431: 'headers_too_large',
  500: 'internal',
  503: 'unavailable',
} as const;

export type FailureCode =
  | keyof typeof FAILURE_TEXTS
  | (typeof COMPUTED_FAILURE_CODES)[number]
  | (typeof STATUS_FAILURE_CODES)[keyof typeof STATUS_FAILURE_CODES];

/** Every code a failure body may carry, for the API reference. */
export const FAILURE_CODES: FailureCode[] = [
  ...new Set<FailureCode>([
    ...(Object.keys(FAILURE_TEXTS) as FailureCode[]),
    ...COMPUTED_FAILURE_CODES,
    ...Object.values(STATUS_FAILURE_CODES),
  ]),
];

const codeByText = new Map<string, FailureCode>(
  Object.entries(FAILURE_TEXTS).map(([code, text]) => [text, code as FailureCode]),
);

/** The code of a failure: the one its text is known by, else its status's. */
export function failureCodeOf(status: number, text: string): FailureCode {
  return (
    codeByText.get(text) ??
    STATUS_FAILURE_CODES[status as keyof typeof STATUS_FAILURE_CODES] ??
    (status >= 500 ? 'internal' : 'invalid_input')
  );
}
