// What other features may use of the media pipeline; everything else in this folder is its own business.

export { MAX_UPLOADS_BYTES, UPLOAD_LIMITS } from './limits.ts';
export {
  checkMediaCounts,
  discardUploads,
  emptyUploads,
  type ListingUploads,
  type PreparedImage,
  type PreparedMedia,
  prepareUploads,
} from './prepare.ts';
export { mediaUrls, presentImageUrls, presentMedia } from './presenter.ts';
export {
  deleteKeys,
  referencedKeys,
  type StoredMedia,
  storePrepared,
  sweepUnreferenced,
} from './store.ts';
