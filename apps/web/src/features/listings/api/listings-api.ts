import {
  IDEMPOTENCY,
  type ListingDto,
  type ListingForm,
  type ListingSaveOptions,
  listingAddresses,
  stateRecordWireFields,
} from '@canopy/shared';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-call.ts';

// The seller's listing calls of SPEC §7.

export const listingKeys = {
  all: ['listings'] as const,
  mine: () => [...listingKeys.all, 'mine'] as const,
  productTypes: () => [...listingKeys.all, 'product-types'] as const,
};

export const myListingsQueryOptions = () =>
  queryOptions({
    queryKey: listingKeys.mine(),
    queryFn: async ({ signal }) => (await call(listingAddresses.mine, { signal })).data.listings,
  });

export const productTypesQueryOptions = () =>
  queryOptions({
    queryKey: listingKeys.productTypes(),
    queryFn: async ({ signal }) => (await call(listingAddresses.productTypes, { signal })).data,
    // The options change with a migration, not while someone fills in the form.
    staleTime: Number.POSITIVE_INFINITY,
  });

export async function archiveListing(id: string): Promise<void> {
  await call(listingAddresses.archive, { params: { id } });
}

export async function relistListing(id: string): Promise<void> {
  await call(listingAddresses.relist, { params: { id } });
}

/** Beyond SPEC (decision 165): lists a draft. */
export async function publishListing(id: string): Promise<void> {
  await call(listingAddresses.publish, { params: { id } });
}

/** Beyond SPEC (decision 194): deletes an own draft; a published listing is archived instead. */
export async function deleteDraft(id: string): Promise<void> {
  await call(listingAddresses.deleteDraft, { params: { id } });
}

/** Beyond SPEC (decision 165): a draft copy of a listing, returned so its edit form can open. */
export async function duplicateListing(id: string): Promise<ListingDto> {
  return (await call(listingAddresses.duplicate, { params: { id } })).data;
}

/** Beyond SPEC (decision 075): the seller's reply to a listing Canopy hid. */
export async function requestListingReview({ id, message }: { id: string; message: string }): Promise<void> {
  await call(listingAddresses.requestReview, { params: { id }, body: { message } });
}

export interface ListingFiles {
  /** New images, in the order they appear among the listing's images. */
  images: File[];
  videos: File[];
  testUpload: File | null;
  /** Edit only: ids of current media to drop. */
  removeMedia: string[];
  /** Edit only: the gallery order (kept media ids and "new:N" for the uploads), decision 165. */
  mediaOrder?: string[];
}

/** Beyond SPEC's form (decision 165): the version the edit form opened, or a new listing's draft state. */
type SaveOptions = Partial<ListingSaveOptions>;

/**
 * The multipart body of POST/PUT /listings (docs: one field per scalar, booleans as "true"/"false",
 * remove_images as a JSON list). Empty optional fields are left out, which the server reads as none.
 */
export function listingFormData(
  form: ListingForm,
  files: ListingFiles,
  isUpdate: boolean,
  options: SaveOptions = {},
): FormData {
  const body = new FormData();
  const { batch_number, package_uids, coa, price_tiers, ...fields } = form;
  for (const [name, value] of Object.entries(fields)) {
    if (value !== null && value !== undefined) body.append(name, String(value));
  }
  for (const [name, value] of Object.entries(stateRecordWireFields({ batch_number, package_uids, coa }))) {
    body.append(name, value);
  }
  // Always sent, [] included: an edit that leaves the field out removes the lot's tiers (decision 233).
  body.append('price_tiers', JSON.stringify(price_tiers));
  if (files.testUpload) body.append('test_upload', files.testUpload);
  for (const image of files.images) body.append('images', image);
  for (const video of files.videos) body.append('videos', video);
  if (isUpdate) body.append('remove_images', JSON.stringify(files.removeMedia));
  if (isUpdate && files.mediaOrder) body.append('media_order', JSON.stringify(files.mediaOrder));
  if (isUpdate && options.version !== undefined) body.append('version', String(options.version));
  if (!isUpdate && options.draft) body.append('draft', 'true');
  return body;
}

export interface SaveListingInput {
  /** Present when editing. */
  listingId?: string;
  form: ListingForm;
  files: ListingFiles;
  options?: SaveOptions;
  /** Edit of a draft: publish it once it is saved (decision 194). */
  publish?: boolean;
}

/** How one save travels: its progress, a way to abort it, and a new listing's Idempotency-Key. */
export interface SaveTransport {
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
  /** Create only: the same on every attempt to send the same submission (decision 193). */
  idempotencyKey?: string;
}

export async function saveListing(
  { listingId, form, files, options }: SaveListingInput,
  { onProgress, signal, idempotencyKey }: SaveTransport,
): Promise<ListingDto> {
  const body = listingFormData(form, files, listingId !== undefined, options);
  const transport = { onProgress, signal };
  const response = listingId
    ? await call(listingAddresses.update, { params: { id: listingId }, body, ...transport })
    : await call(listingAddresses.create, {
        body,
        ...transport,
        headers: idempotencyKey ? { [IDEMPOTENCY.header]: idempotencyKey } : undefined,
      });
  return response.data;
}

const fileIdentity = (file: File | null) => file && [file.name, file.size, file.type, file.lastModified];

/**
 * A submission as text, to tell a retry of the same submission from a changed one: the checked
 * fields, the draft flag and which files, in which order.
 */
export function submissionText({ form, files, options }: SaveListingInput): string {
  return JSON.stringify({
    form,
    draft: options?.draft ?? false,
    images: files.images.map(fileIdentity),
    videos: files.videos.map(fileIdentity),
    testUpload: fileIdentity(files.testUpload),
  });
}
