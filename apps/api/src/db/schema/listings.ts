import { PRICE_TIERS_MAX, PRODUCT_CATEGORIES, type PriceTier } from '@canopy/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { belongsTo, calendarDay, clientKeyIndex, counter, createdAt, timestamptz } from './columns.ts';
import { companyLicenses } from './companies.ts';
import { users } from './users.ts';

// Listings, their media and the public catalog (docs/decisions/011-catalog-at-scale.md explains
// the denormalised columns and the partial indexes).

export const productCategoryEnum = pgEnum('product_category', PRODUCT_CATEGORIES);
export const mediaKindEnum = pgEnum('media_kind', ['image', 'video']);
/** clear: the seller decides whether it is listed; hidden: Canopy hid it (decision 075). */
export const listingModerationEnum = pgEnum('listing_moderation', ['clear', 'hidden']);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Seeded by the migration; each type maps to one of SPEC's eight filter categories. */
export const productTypes = pgTable('product_types', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull().unique(),
  category: productCategoryEnum('category').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * A listing is in the public catalog exactly when this holds; every catalog index is partial on it.
 * A sold-out listing (nothing left after accepted orders) is out until the seller adds quantity
 * (decision 124); a lot private to a buyer group is out for everyone (decision 240).
 */
export const PUBLIC_LISTING = sql`is_active AND seller_verified AND quantity_lbs > 0 AND NOT group_only`;

/**
 * A product page (and "I'm Interested") answers for a public listing and for a sold-out one, which
 * reads "Sold out" there: someone holding its link, an order or a conversation still finds it. A
 * lot private to a buyer group is reachable only by its seller and the group (reachableBy).
 */
export const REACHABLE_LISTING = sql`is_active AND seller_verified AND NOT group_only`;

/**
 * Reachable by this company: what anyone reaches, plus the seller's own private lots and those
 * private to a group the company is in (decision 240). Written against an unaliased "listings".
 */
export const reachableBy = (companyId: string) =>
  sql`is_active AND seller_verified AND (NOT group_only OR "listings"."seller_id" = ${companyId} OR EXISTS (SELECT 1 FROM "buyer_group_listings" gl JOIN "buyer_group_members" gm ON gm."group_id" = gl."group_id" WHERE gl."listing_id" = "listings"."id" AND gl."private" AND gm."buyer_id" = ${companyId}))`;

export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey(),
    sellerId: belongsTo('seller_id', () => users.id),
    /** The seller's license it ships from; null is the company's main license (decision 209). */
    shipsFromLicenseId: uuid('ships_from_license_id').references(() => companyLicenses.id, {
      onDelete: 'set null',
    }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    productTypeId: uuid('product_type_id')
      .notNull()
      .references(() => productTypes.id),
    /** Copied from the product type, so a category filter is one index range. */
    category: productCategoryEnum('category').notNull(),
    strain: text('strain'),
    thcContent: numeric('thc_content', { precision: 5, scale: 2, mode: 'number' }),
    cbdContent: numeric('cbd_content', { precision: 5, scale: 2, mode: 'number' }),
    zipCode: text('zip_code').notNull(),
    quantityLbs: numeric('quantity_lbs', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    makeOffer: boolean('make_offer').notNull().default(false),
    /** Per pound; null when the seller only takes offers. */
    askingPrice: numeric('asking_price', { precision: 12, scale: 2, mode: 'number' }),
    negotiable: boolean('negotiable').notNull().default(false),
    tested: boolean('tested').notNull().default(false),
    testLink: text('test_link'),
    /** Public storage key of the uploaded lab results. */
    testUploadKey: text('test_upload_key'),
    testUploadType: text('test_upload_type'),
    testUploadName: text('test_upload_name'),
    /**
     * The lot's state record (issue 23, decision 211): batch, Metrc package UIDs (unique among the
     * seller's live lots, checked by the save) and the COA, whole or absent (a check below). The
     * COA document is the lab-results upload above.
     */
    batchNumber: text('batch_number'),
    packageUids: text('package_uids').array().notNull().default(sql`'{}'`),
    coaLabName: text('coa_lab_name'),
    coaLabLicense: text('coa_lab_license'),
    coaTestedAt: calendarDay('coa_tested_at'),
    coaResult: text('coa_result', { enum: ['pass', 'fail'] }),
    /**
     * Out of the catalog because its COA expired or failed: never active (a check below). The
     * trigger listings_coa_gate (migration 0028) sets and clears it on every write, the daily sweep
     * as COAs age (decision 212).
     */
    coaWithheld: boolean('coa_withheld').notNull().default(false),
    /**
     * The seller's own code for the lot (their ERP's SKU), by which a bulk import finds it again;
     * unique among the company's live lots (migration 0033, decision 230).
     */
    externalSku: text('external_sku'),
    /**
     * Volume tiers (issue 25, decision 233): from N lbs a lower price per pound, in increasing
     * order, as the shared form schema checked them. Part of the lot's terms: both version triggers
     * name the column (migration 0034), so an offer made on one price table is not accepted on another.
     */
    priceTiers: jsonb('price_tiers').$type<PriceTier[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * Private to at least one buyer group (decision 240): out of the public catalog and every public
     * answer. Kept by the buyer groups service from buyer_group_listings, in the same transaction.
     */
    groupOnly: boolean('group_only').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** Saved as a draft and not yet published: never active (a check below), so never public. */
    isDraft: boolean('is_draft').notNull().default(false),
    /**
     * Goes up whenever a column the edit form holds changes, whoever writes it (a trigger; an
     * accepted order taking quantity too), so a form opened at an older version cannot overwrite
     * the change (decision 165).
     */
    version: integer('version').notNull().default(1),
    /**
     * Goes up whenever what is sold changes: every column the edit form holds except the quantity
     * (a trigger, migration 0020), and the gallery (the seller's save). An offer is made on one lot
     * version and cannot be accepted on another (decision 187).
     */
    lotVersion: integer('lot_version').notNull().default(1),
    /**
     * Goes up when the seller sets the quantity (the seller's save), not when an order takes or
     * gives back pounds: a cancelled order puts its pounds back only if neither this nor
     * lot_version moved since the order (decision 187).
     */
    stockVersion: integer('stock_version').notNull().default(1),
    /** Hidden by an admin: never active (a check below) until an admin lifts it (decision 075). */
    moderation: listingModerationEnum('moderation').notNull().default('clear'),
    moderationReason: text('moderation_reason'),
    moderatedAt: timestamptz('moderated_at'),
    viewsCount: counter('views_count'),
    /** The seller's business name, kept in step by syncSellerBusinessName: part of the search text. */
    sellerBusinessName: text('seller_business_name').notNull().default(''),
    /** The seller's status is verified, kept in step with users.status (decision 011). */
    sellerVerified: boolean('seller_verified').notNull().default(false),
    /**
     * The seller's premises county, kept in step by syncSellerBusinessName: the catalog's county
     * facet (decision 140). Only the county is copied; the street address never leaves users.
     */
    sellerCounty: text('seller_county').notNull().default(''),
    /**
     * The price a buyer sees per pound: null for a make-offer listing, whose stored asking price
     * (if any) is not shown. The price facet and sorts read this (decision 140).
     */
    listedPrice: numeric('listed_price', { precision: 12, scale: 2, mode: 'number' }).generatedAlwaysAs(
      sql`CASE WHEN "make_offer" THEN NULL ELSE "asking_price" END`,
    ),
    /** The name sort's key; a stored column so that its index answers deep pages on its own. */
    nameKey: text('name_key').notNull().generatedAlwaysAs(sql`lower("title")`),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', coalesce("strain", '')), 'A') || setweight(to_tsvector('english', "seller_business_name"), 'B') || setweight(to_tsvector('english', "description"), 'C') || setweight(to_tsvector('simple', "title" || ' ' || coalesce("strain", '')), 'A') || setweight(to_tsvector('simple', "seller_business_name"), 'B')`,
      ),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /**
     * When the listing first entered the public catalog; set by a trigger (migration 0012), never
     * by the app. Saved-search alerts look for listings new since their last check (decision 150).
     */
    firstPublicAt: timestamptz('first_public_at'),
    /**
     * The seller's Idempotency-Key on the create call, and a digest of the form it came with: the
     * same form sent again with the key finds this listing instead of creating a second (decision 193).
     */
    clientKey: text('client_key'),
    clientKeyDigest: text('client_key_digest'),
    /**
     * The transaction that last changed what the catalog's search index holds of the listing (a
     * trigger, migration 0040): an instance reads the rows changed since it last looked (decision 254).
     */
    searchXid: bigint('search_xid', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    index('listings_seller_idx').on(table.sellerId, table.createdAt.desc()),
    uniqueIndex('listings_seller_external_sku_idx')
      .on(table.sellerId, table.externalSku)
      .where(
        sql`"external_sku" IS NOT NULL AND ("is_active" OR "is_draft" OR "coa_withheld" OR "moderation" = 'hidden')`,
      ),
    clientKeyIndex('listings_seller_client_key_idx', table.sellerId, table.clientKey),
    index('listings_public_created_idx').on(table.createdAt, table.id).where(PUBLIC_LISTING),
    index('listings_public_name_idx').on(sql`"name_key" COLLATE "C"`, table.id).where(PUBLIC_LISTING),
    // The three category indexes a faceted page walks also INCLUDE the facet columns and the other
    // sorts' columns (migrations 0016 and 0019, decisions 175 and 183), which Drizzle cannot declare.
    index('listings_public_category_created_idx')
      .on(table.category, table.createdAt, table.id)
      .where(PUBLIC_LISTING),
    index('listings_public_category_name_idx')
      .on(table.category, sql`"name_key" COLLATE "C"`, table.id)
      .where(PUBLIC_LISTING),
    index('listings_public_search_idx').using('gin', table.search).where(PUBLIC_LISTING),
    // Facets and price sorts (decision 140). Unpriced listings come last in both price orders,
    // so each direction has its own index (a backward scan would put them first).
    index('listings_public_price_asc_idx')
      .on(sql`"listed_price" ASC NULLS LAST`, table.id)
      .where(PUBLIC_LISTING),
    index('listings_public_price_desc_idx')
      .on(sql`"listed_price" DESC NULLS LAST`, sql`"id" DESC`)
      .where(PUBLIC_LISTING),
    index('listings_public_category_price_asc_idx')
      .on(table.category, sql`"listed_price" ASC NULLS LAST`, table.id)
      .where(PUBLIC_LISTING),
    index('listings_public_category_price_desc_idx')
      .on(table.category, sql`"listed_price" DESC NULLS LAST`, sql`"id" DESC`)
      .where(PUBLIC_LISTING),
    // No predicate on purpose: its bitmap can join the search index's (migration 0019, decision 183).
    index('listings_category_price_idx').on(table.category, table.listedPrice),
    index('listings_public_county_created_idx')
      .on(table.sellerCounty, table.createdAt, table.id)
      .where(PUBLIC_LISTING),
    index('listings_public_thc_idx').on(table.thcContent).where(PUBLIC_LISTING),
    index('listings_public_cbd_idx').on(table.cbdContent).where(PUBLIC_LISTING),
    index('listings_public_quantity_idx').on(table.quantityLbs).where(PUBLIC_LISTING),
    index('listings_search_xid_idx').on(table.searchXid),
    index('listings_public_first_public_idx').on(table.firstPublicAt).where(PUBLIC_LISTING),
    index('listings_active_coa_idx')
      .on(table.coaTestedAt)
      .where(sql`"is_active" AND "coa_tested_at" IS NOT NULL`),
    // Zero is "sold out": accepted orders take quantity away, never below nothing (decision 124).
    check('listings_quantity_not_negative', sql`${table.quantityLbs} >= 0`),
    check('listings_price_not_negative', sql`${table.askingPrice} IS NULL OR ${table.askingPrice} >= 0`),
    check(
      'listings_thc_percentage',
      sql`${table.thcContent} IS NULL OR ${table.thcContent} BETWEEN 0 AND 100`,
    ),
    check(
      'listings_cbd_percentage',
      sql`${table.cbdContent} IS NULL OR ${table.cbdContent} BETWEEN 0 AND 100`,
    ),
    // A hidden listing is never active, so the public flag above (and every partial index and
    // counter built on it) leaves it out whatever path writes is_active.
    check('listings_hidden_not_active', sql`${table.moderation} = 'clear' OR NOT ${table.isActive}`),
    // A draft is never active, so every public predicate, index and counter leaves it out.
    check('listings_draft_not_active', sql`NOT (${table.isDraft} AND ${table.isActive})`),
    check('listings_coa_result', sql`"coa_result" IS NULL OR "coa_result" IN ('pass', 'fail')`),
    check(
      'listings_coa_whole',
      sql`("coa_lab_name" IS NULL) = ("coa_lab_license" IS NULL) AND ("coa_lab_name" IS NULL) = ("coa_tested_at" IS NULL) AND ("coa_lab_name" IS NULL) = ("coa_result" IS NULL)`,
    ),
    check('listings_withheld_not_active', sql`NOT (${table.coaWithheld} AND ${table.isActive})`),
    // A list of at most five, and none on a lot without an asking price (the form refuses both first).
    check(
      'listings_price_tiers_list',
      sql`jsonb_typeof("price_tiers") = 'array' AND jsonb_array_length("price_tiers") <= ${sql.raw(String(PRICE_TIERS_MAX))}`,
    ),
    check(
      'listings_price_tiers_priced',
      sql`jsonb_array_length(${table.priceTiers}) = 0 OR NOT ${table.makeOffer}`,
    ),
    check(
      'listings_hidden_has_reason',
      sql`${table.moderation} = 'clear' OR ${table.moderationReason} IS NOT NULL`,
    ),
  ],
);

/**
 * A seller's reply to a hidden listing, waiting in the admins' queue until one of them restores
 * the listing or keeps it hidden. Answered requests stay as the listing's history.
 */
export const listingReviewRequests = pgTable(
  'listing_review_requests',
  {
    id: uuid('id').primaryKey(),
    listingId: belongsTo('listing_id', () => listings.id),
    sellerId: belongsTo('seller_id', () => users.id),
    message: text('message').notNull(),
    createdAt: createdAt(),
    resolvedAt: timestamptz('resolved_at'),
    /** The admin who answered; no foreign key, like the audit trail it mirrors. */
    resolvedBy: uuid('resolved_by'),
    resolution: text('resolution', { enum: ['restore', 'keep_hidden'] }),
    resolutionReason: text('resolution_reason'),
  },
  (table) => [
    // At most one open request per listing: a second one waits for the first to be answered.
    uniqueIndex('listing_review_requests_open_idx').on(table.listingId).where(sql`"resolved_at" IS NULL`),
    index('listing_review_requests_queue_idx')
      .on(table.createdAt, table.id)
      .where(sql`"resolved_at" IS NULL`),
    index('listing_review_requests_listing_idx').on(table.listingId, table.createdAt.desc()),
  ],
);

/**
 * Images and videos of a listing, in gallery order. Images keep four webp variants; a video keeps
 * the uploaded file and a poster frame.
 */
export const listingMedia = pgTable(
  'listing_media',
  {
    id: uuid('id').primaryKey(),
    listingId: belongsTo('listing_id', () => listings.id),
    position: integer('position').notNull(),
    kind: mediaKindEnum('kind').notNull(),
    /** Image: the original variant. Video: the video file. */
    fileKey: text('file_key').notNull(),
    /** Image: the thumbnail variant. Video: the poster frame. */
    thumbnailKey: text('thumbnail_key').notNull(),
    smallKey: text('small_key'),
    mediumKey: text('medium_key'),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    durationSeconds: numeric('duration_seconds', { precision: 10, scale: 2, mode: 'number' }),
    createdAt: createdAt(),
  },
  (table) => [index('listing_media_listing_idx').on(table.listingId, table.position)],
);

/**
 * One row per listing, viewer and clock hour: a view is counted only when its row is new. Rows of
 * past hours are pruned as the listing is viewed again.
 */
export const listingViews = pgTable(
  'listing_views',
  {
    listingId: belongsTo('listing_id', () => listings.id),
    viewerKey: text('viewer_key').notNull(),
    hour: timestamptz('hour').notNull(),
  },
  (table) => [primaryKey({ columns: [table.listingId, table.viewerKey, table.hour] })],
);

/**
 * Views per listing and calendar day in Pacific time (decision 161), added to by the view counter's
 * flush with exactly the views it proved new, so the seller's chart agrees with views_count.
 */
export const listingDailyStats = pgTable(
  'listing_daily_stats',
  {
    listingId: belongsTo('listing_id', () => listings.id),
    day: calendarDay('day').notNull(),
    views: counter('views'),
  },
  (table) => [
    primaryKey({ columns: [table.listingId, table.day] }),
    check('listing_daily_stats_views_not_negative', sql`"views" >= 0`),
  ],
);

/**
 * Public listings per category, maintained by triggers on listings (see the migration), so the
 * catalog's page count never counts rows.
 */
export const catalogCounts = pgTable('catalog_counts', {
  category: productCategoryEnum('category').primaryKey(),
  visibleListings: bigint('visible_listings', { mode: 'number' }).notNull().default(0),
});

/**
 * Listings deleted, for the search index to drop them (migration 0040, decision 254); a null id
 * says the table was emptied. Read by xid as listings are by search_xid.
 */
export const catalogListingRemovals = pgTable(
  'catalog_listing_removals',
  {
    listingId: uuid('listing_id'),
    xid: bigint('xid', { mode: 'number' }).notNull(),
    removedAt: timestamptz('removed_at').notNull().defaultNow(),
  },
  (table) => [index('catalog_listing_removals_xid_idx').on(table.xid)],
);

/**
 * What a public product shows from beyond its listing row changed (migration 0042, decision 264):
 * a listing's pictures (listing id), a seller's name, license or status (seller id), or a product
 * type's name (neither: every product). Read by xid, as removals are.
 */
export const catalogShownChanges = pgTable(
  'catalog_shown_changes',
  {
    listingId: uuid('listing_id'),
    sellerId: uuid('seller_id'),
    xid: bigint('xid', { mode: 'number' }).notNull(),
    changedAt: timestamptz('changed_at').notNull().defaultNow(),
  },
  (table) => [index('catalog_shown_changes_xid_idx').on(table.xid)],
);

export type ListingRow = typeof listings.$inferSelect;
export type ListingMediaRow = typeof listingMedia.$inferSelect;
export type ProductTypeRow = typeof productTypes.$inferSelect;
export type ListingReviewRequestRow = typeof listingReviewRequests.$inferSelect;
