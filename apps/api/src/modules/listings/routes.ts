import {
  LISTING_MODERATION,
  LISTING_TOOLS,
  LISTINGS,
  LOT_IMPORT,
  LOT_IMPORT_COLUMNS,
  listingContracts,
  listingFormSchema,
  listingSaveOptionsSchema,
  mediaOrderSchema,
  QUANTITY_SYNC,
  removeImagesSchema,
} from '@canopy/shared';
import { parse, route } from '../../http/route-table.ts';
import { csvDocument } from '../../lib/csv.ts';
import { badRequest } from '../../lib/errors.ts';
import { idempotencyKey } from '../../lib/idempotency-key.ts';
import { discardUploads } from '../media/index.ts';
import { setListingActive } from './archive-relist.ts';
import { createListing } from './create-listing.ts';
import { deleteDraft, duplicateListing, publishListing } from './drafts.ts';
import { parseMediaOrder, parseRemoveImages, readListingForm } from './listing-form.ts';
import { lotExportCsv, lotExportPage } from './lot-export.ts';
import { importLots } from './lot-import.ts';
import { decodeImportFile } from './lot-import-csv.ts';
import { readImportUpload } from './lot-import-upload.ts';
import { findSellerListings } from './own-listings.ts';
import { authorizeListing } from './policy.ts';
import { presentListing, presentProductType } from './presenter.ts';
import { listProductTypes } from './product-types.ts';
import { requestListingReview } from './review-requests.ts';
import { setListingQuantity } from './stock-sync.ts';
import { updateListing } from './update-listing.ts';

/** Uploads are heavy: a tighter budget than the API-wide one. */
const UPLOADS_PER_MINUTE = 30;

export const listingRoutes = [
  route({
    ...listingContracts.productTypes,
    access: 'public',
  }).handle(async ({ reply, ctx }) => {
    reply.header('cache-control', 'public, max-age=300');
    const types = await listProductTypes(ctx.database.db);
    return { success: true, data: types.map(presentProductType) };
  }),
  route({
    ...listingContracts.mine,
    access: 'seller',
  }).handle(async ({ ctx, auth }) => {
    const rows = await findSellerListings(ctx.database.db, auth.user.id);
    return {
      success: true,
      data: { listings: rows.map((row) => presentListing(row, ctx.publicFiles.urlFor)) },
    };
  }),
  route({
    ...listingContracts.create,
    access: 'seller',
    rateLimitPerMinute: UPLOADS_PER_MINUTE,
  }).handle(async ({ request, reply, ctx, auth }) => {
    // A multipart body is parsed here, beside the files it carries, which are discarded either way.
    const body = await readListingForm(request);
    try {
      const clientKey = idempotencyKey(request.headers['idempotency-key']);
      const form = parse(listingFormSchema, body.fields);
      const { draft } = parse(listingSaveOptionsSchema, body.options);
      const listing = await createListing(ctx, auth.user.id, form, body.uploads, { draft, clientKey });
      reply.status(201);
      return {
        success: true,
        message: draft ? LISTING_TOOLS.draftSaved : LISTINGS.created,
        data: presentListing(listing, ctx.publicFiles.urlFor),
      };
    } finally {
      await discardUploads(body.uploads);
    }
  }),
  route({
    ...listingContracts.update,
    access: 'seller',
    rateLimitPerMinute: UPLOADS_PER_MINUTE,
  }).handle(async ({ params: { id }, request, ctx, auth }) => {
    await authorizeListing(ctx.database.db, auth.user.id, id, 'update');
    const body = await readListingForm(request);
    try {
      const form = parse(listingFormSchema, body.fields);
      const removals = parse(removeImagesSchema, parseRemoveImages(body.removeImages));
      if ('draft' in body.options) throw badRequest(LISTING_TOOLS.draftOnUpdate);
      const options = parse(listingSaveOptionsSchema, body.options);
      const order = parseMediaOrder(body.mediaOrder);
      const mediaOrder = order === undefined ? undefined : parse(mediaOrderSchema, order);
      const listing = await updateListing(ctx, auth.user.id, id, form, removals, body.uploads, {
        version: options.version,
        mediaOrder,
      });
      return {
        success: true,
        message: LISTINGS.updated,
        data: presentListing(listing, ctx.publicFiles.urlFor),
      };
    } finally {
      await discardUploads(body.uploads);
    }
  }),
  route({
    ...listingContracts.archive,
    access: 'seller',
  }).handle(async ({ params: { id }, ctx, auth }) => {
    const listing = await setListingActive(ctx, auth.user.id, id, false);
    return {
      success: true,
      message: LISTINGS.archived,
      data: presentListing(listing, ctx.publicFiles.urlFor),
    };
  }),
  route({
    ...listingContracts.relist,
    access: 'seller',
  }).handle(async ({ params: { id }, ctx, auth }) => {
    const listing = await setListingActive(ctx, auth.user.id, id, true);
    return {
      success: true,
      message: LISTINGS.relisted,
      data: presentListing(listing, ctx.publicFiles.urlFor),
    };
  }),
  // Beyond SPEC (decision 165): drafts and copies.
  route({
    ...listingContracts.publish,
    access: 'seller',
  }).handle(async ({ params: { id }, ctx, auth }) => {
    const listing = await publishListing(ctx, auth.user.id, id);
    return {
      success: true,
      message: LISTING_TOOLS.published,
      data: presentListing(listing, ctx.publicFiles.urlFor),
    };
  }),
  route({
    ...listingContracts.deleteDraft,
    access: 'seller',
  }).handle(async ({ params: { id }, ctx, auth }) => {
    await deleteDraft(ctx, auth.user.id, id);
    return { success: true, message: LISTING_TOOLS.draftDeleted };
  }),
  route({
    ...listingContracts.duplicate,
    access: 'seller',
    rateLimitPerMinute: UPLOADS_PER_MINUTE,
  }).handle(async ({ params: { id }, reply, ctx, auth }) => {
    const listing = await duplicateListing(ctx, auth.user.id, id);
    reply.status(201);
    return {
      success: true,
      message: LISTING_TOOLS.duplicated,
      data: presentListing(listing, ctx.publicFiles.urlFor),
    };
  }),
  // Beyond SPEC (decision 075): the seller's reply to a listing Canopy hid.
  route({
    ...listingContracts.requestReview,
    access: 'seller',
  }).handle(async ({ params: { id }, body, reply, ctx, auth }) => {
    const listing = await requestListingReview(ctx, auth.user.id, id, body.message);
    reply.status(201);
    return {
      success: true,
      message: LISTING_MODERATION.reviewRequested,
      data: presentListing(listing, ctx.publicFiles.urlFor),
    };
  }),
  // Issue 24 (decision 225): an ERP's quantity sync and the export, by key or session.
  route({
    ...listingContracts.setQuantity,
    access: 'seller',
    idempotent: true,
  }).handle(async ({ params, body, ctx, auth }) => ({
    success: true,
    message: QUANTITY_SYNC.updated,
    data: await setListingQuantity(
      ctx.database.db,
      ctx.publicFiles.urlFor,
      auth.user.id,
      params.id,
      body.quantityLbs,
    ),
  })),
  route({
    ...listingContracts.exportCsv,
    access: 'seller',
  }).handle(async ({ reply, ctx, auth }) => {
    const csv = await lotExportCsv(ctx.database.db, auth.user.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="lots.csv"')
      .header('cache-control', 'private, no-store')
      .send(csv);
  }),
  route({
    ...listingContracts.exportJson,
    access: 'seller',
  }).handle(async ({ query, ctx, auth }) => ({
    success: true,
    ...(await lotExportPage(ctx.database.db, auth.user.id, query)),
  })),
  // Issue 24 item 3 (decision 230): lots from a spreadsheet or an ERP, checked before written.
  route({
    ...listingContracts.importLots,
    access: 'seller',
    rateLimitPerMinute: UPLOADS_PER_MINUTE,
  }).handle(async ({ query, request, ctx, auth }) => {
    const text = decodeImportFile(await readImportUpload(request));
    const apply = !query.dryRun;
    const report = await importLots(ctx, auth.user.id, text, { apply });
    return {
      success: true,
      applied: apply,
      message: apply ? LOT_IMPORT.applied : LOT_IMPORT.checked,
      data: report,
    };
  }),
  route({
    ...listingContracts.importTemplate,
    access: 'seller',
  }).handle(async ({ reply }) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="lots-template.csv"')
      .header('cache-control', 'private, no-store')
      .send(csvDocument(Object.keys(LOT_IMPORT_COLUMNS), [])),
  ),
];
