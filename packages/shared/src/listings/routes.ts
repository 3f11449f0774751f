import { idParams } from '../common/params.ts';
import { messageResponse } from '../common/responses.ts';
import { reviewRequestBody } from '../listing-moderation.ts';
import { defineRoutes, rawResponse } from '../route-contract.ts';
import { LISTINGS } from '../texts.ts';
import { listingAddresses } from './addresses.ts';
import { listingExportQuery, listingExportResponse, quantityResponse, quantitySchema } from './exchange.ts';
import { LOT_IMPORT_MAX_ROWS, lotImportFields, lotImportQuery, lotImportResponse } from './lot-import.ts';
import { listingChangedResponse, productTypesResponse, sellerListingsResponse } from './responses.ts';
import { listingFormSchema } from './schemas.ts';

const listingParams = idParams(LISTINGS.notFound);

/** The files a listing form carries beside its fields (SPEC §7). */
const listingForm = {
  fields: listingFormSchema,
  files: {
    images: 'Up to 5 images (JPEG, PNG, WebP)',
    videos: 'Up to 3 videos',
    test_upload: 'Lab results (PDF or image)',
  },
};

export const listingContracts = defineRoutes(listingAddresses, {
  productTypes: {
    summary: 'The product types a listing may have',
    response: { 200: productTypesResponse },
  },
  mine: { summary: "The seller's own listings", response: { 200: sellerListingsResponse } },
  create: {
    summary:
      'Create a listing (multipart: the form fields and its media; an optional Idempotency-Key creates it once)',
    multipart: listingForm,
    response: { 201: listingChangedResponse },
  },
  update: {
    summary:
      'Update an own listing (multipart; remove_images names media to drop, media_order the gallery order, version the one the form was opened at)',
    params: listingParams,
    multipart: listingForm,
    response: { 200: listingChangedResponse },
  },
  archive: {
    summary: 'Take an own listing out of the catalog',
    params: listingParams,
    response: { 200: listingChangedResponse },
  },
  relist: {
    summary: 'Put an archived listing back in the catalog',
    params: listingParams,
    response: { 200: listingChangedResponse },
  },
  // Beyond SPEC (decision 165): drafts and copies.
  publish: {
    summary: 'Publish an own draft: it joins the catalog',
    params: listingParams,
    response: { 200: listingChangedResponse },
  },
  deleteDraft: {
    summary: 'Delete an own draft (a published listing is archived instead)',
    params: listingParams,
    response: { 200: messageResponse },
  },
  duplicate: {
    summary: 'Copy an own listing (fields, lab results and media) into a new draft',
    params: listingParams,
    response: { 201: listingChangedResponse },
  },
  // Beyond SPEC (decision 075): the seller's reply to a listing Canopy hid.
  requestReview: {
    summary: 'Ask for a review of a listing Canopy hid',
    params: listingParams,
    body: reviewRequestBody,
    response: { 201: listingChangedResponse },
  },
  // Issue 24: what an ERP keeps in step and reads back (decision 225).
  setQuantity: {
    summary:
      'Set the pounds available on an own lot (0: sold out); an Idempotency-Key makes a retry answer the first result',
    params: listingParams,
    body: quantitySchema,
    response: { 200: quantityResponse },
  },
  exportCsv: {
    summary:
      "The company's lots as CSV, one row per lot, columns as the JSON export names them (cells that a spreadsheet would run as a formula are quoted with ')",
    response: rawResponse('text/csv', "The company's lots, with a header row"),
  },
  exportJson: {
    summary: "The company's lots as JSON, oldest first, a page at a time after `cursor`",
    query: listingExportQuery,
    response: { 200: listingExportResponse },
  },
  // Issue 24 item 3 (decision 230): lots from a spreadsheet or an ERP, checked before written.
  importLots: {
    summary: `Create and update lots from a CSV file (multipart \`file\`, up to ${LOT_IMPORT_MAX_ROWS} rows, columns as the template's). \`dryRun\` (the default) checks every row and writes nothing; \`dryRun=false\` writes only a file without errors, rows matched to lots by \`id\` or \`external_sku\``,
    query: lotImportQuery,
    multipart: { fields: lotImportFields, files: { file: 'The CSV file (UTF-8, header row first)' } },
    response: { 200: lotImportResponse },
  },
  importTemplate: {
    summary: 'The import template: the header row of the columns an import reads',
    response: rawResponse('text/csv', 'A CSV header row'),
  },
});
