import {
  LISTING_MODERATION,
  LISTINGS,
  listingFormSchema,
  removeImagesSchema,
  reviewRequestBody,
} from '@canopy/shared';
import { defineRoutes, parse, requireId } from '../../http/route-table.ts';
import { isUuid } from '../../lib/ids.ts';
import { discardUploads } from '../media/index.ts';
import { parseRemoveImages, readListingForm } from './listing-form.ts';
import { presentListing, presentProductType } from './presenter.ts';
import { requestListingReview } from './review-requests.ts';
import {
  createListing,
  findSellerListings,
  listProductTypes,
  requireOwnListing,
  setListingActive,
  updateListing,
} from './service.ts';

const listingId = (params: unknown) => requireId((params as { id?: string }).id, LISTINGS.notFound, isUuid);

/** Uploads are heavy: a tighter budget than the API-wide one. */
const UPLOADS_PER_MINUTE = 30;

export const listingRoutes = defineRoutes([
  {
    method: 'GET',
    url: '/listings/product-types',
    access: 'public',
    handler: async ({ reply, ctx }) => {
      reply.header('cache-control', 'public, max-age=300');
      const types = await listProductTypes(ctx.database.db);
      return { success: true, data: types.map(presentProductType) };
    },
  },
  {
    method: 'GET',
    url: '/listings/my/listings',
    access: 'seller',
    handler: async ({ ctx, auth }) => {
      const rows = await findSellerListings(ctx.database.db, auth.user.id);
      return {
        success: true,
        data: { listings: rows.map((row) => presentListing(row, ctx.publicFiles.urlFor)) },
      };
    },
  },
  {
    method: 'POST',
    url: '/listings',
    access: 'seller',
    rateLimitPerMinute: UPLOADS_PER_MINUTE,
    handler: async ({ request, reply, ctx, auth }) => {
      const body = await readListingForm(request);
      try {
        const form = parse(listingFormSchema, body.fields);
        const listing = await createListing(ctx, auth.user.id, form, body.uploads);
        reply.status(201);
        return {
          success: true,
          message: LISTINGS.created,
          data: presentListing(listing, ctx.publicFiles.urlFor),
        };
      } finally {
        await discardUploads(body.uploads);
      }
    },
  },
  {
    method: 'PUT',
    url: '/listings/:id',
    access: 'seller',
    rateLimitPerMinute: UPLOADS_PER_MINUTE,
    handler: async ({ request, ctx, auth }) => {
      const id = listingId(request.params);
      await requireOwnListing(ctx.database.db, auth.user.id, id);
      const body = await readListingForm(request);
      try {
        const form = parse(listingFormSchema, body.fields);
        const removals = parse(removeImagesSchema, parseRemoveImages(body.removeImages));
        const listing = await updateListing(ctx, auth.user.id, id, form, removals, body.uploads);
        return {
          success: true,
          message: LISTINGS.updated,
          data: presentListing(listing, ctx.publicFiles.urlFor),
        };
      } finally {
        await discardUploads(body.uploads);
      }
    },
  },
  {
    method: 'POST',
    url: '/listings/:id/archive',
    access: 'seller',
    handler: async ({ request, ctx, auth }) => {
      const listing = await setListingActive(ctx, auth.user.id, listingId(request.params), false);
      return {
        success: true,
        message: LISTINGS.archived,
        data: presentListing(listing, ctx.publicFiles.urlFor),
      };
    },
  },
  {
    method: 'POST',
    url: '/listings/:id/relist',
    access: 'seller',
    handler: async ({ request, ctx, auth }) => {
      const listing = await setListingActive(ctx, auth.user.id, listingId(request.params), true);
      return {
        success: true,
        message: LISTINGS.relisted,
        data: presentListing(listing, ctx.publicFiles.urlFor),
      };
    },
  },
  {
    // Beyond SPEC (decision 075): the seller's reply to a listing Canopy hid.
    method: 'POST',
    url: '/listings/:id/review-request',
    access: 'seller',
    handler: async ({ request, reply, ctx, auth }) => {
      const id = listingId(request.params);
      const { message } = parse(reviewRequestBody, request.body);
      const listing = await requestListingReview(ctx, auth.user.id, id, message);
      reply.status(201);
      return {
        success: true,
        message: LISTING_MODERATION.reviewRequested,
        data: presentListing(listing, ctx.publicFiles.urlFor),
      };
    },
  },
]);
