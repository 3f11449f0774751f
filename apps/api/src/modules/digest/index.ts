// What other features may use of the weekly digest; everything else in this folder is its own business.
export { noteCategoryInterest } from './interest.ts';
export { type DigestRun, sendWeeklyDigests } from './weekly-digest.ts';
export { startDigestWorker } from './worker.ts';
