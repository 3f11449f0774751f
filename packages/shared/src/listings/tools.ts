import { z } from 'zod';
import { formBoolean, singleLine, strictObject } from '../common/fields.ts';
import { MAX_MEDIA } from './limits.ts';

// Issue 15's listing tools beyond SPEC: drafts, duplicating, the gallery order and the version a
// form was opened at (docs/decisions/165-listing-drafts-and-versions.md).

export const LISTING_TOOLS = {
  staleVersion:
    'This listing changed since you opened it (an order may have taken quantity, or it was saved in another window). Reload it to see the latest version, then make your changes again.',
  reload: 'Reload listing',
  versionInvalid: 'version must be a whole number of at least 1',
  draftInvalid: 'draft must be true or false',
  draftOnUpdate: 'draft applies to a new listing; publish a draft with POST /listings/{id}/publish',
  mediaOrderInvalid:
    'media_order must be a JSON list naming each media item the listing keeps, and each new upload as "new:N", exactly once',
  cancelUpload: 'Cancel upload',
  uploadCancelled: 'Upload cancelled. Nothing was saved.',
  saveDraft: 'Save as Draft',
  savingDraft: 'Saving draft...',
  draftSaved: 'Draft saved. Buyers cannot see it until you publish it.',
  draftBadge: 'Draft',
  publish: 'Publish',
  published: 'Listing published!',
  publishFailed: 'Failed to publish listing',
  notADraft: 'This listing is already published.',
  draftRelistRefused: 'This listing is a draft: publish it to list it.',
  adminDraftRefused: 'This listing is a draft: only its seller can publish it.',
  duplicate: 'Duplicate',
  copyMark: ' (copy)',
  duplicated: 'Copy saved as a draft. Review it, then publish it.',
  duplicateFailed: 'Failed to duplicate listing',
  duplicateHidden: 'A listing hidden by Canopy cannot be copied. Use "Request review" to reply.',
  deleteDraft: 'Delete',
  deleteDraftTitle: (title: string) => `Delete the draft “${title}”?`,
  deleteDraftBody: 'The draft, its pictures, videos and lab results are removed for good.',
  deleteDraftConfirm: 'Delete draft',
  keepDraft: 'Keep draft',
  draftDeleted: 'Draft deleted.',
  deleteDraftFailed: 'Failed to delete draft',
  onlyDraftsDelete: 'Only a draft can be deleted. Archive a published listing instead.',
  publishDraft: 'Save and Publish',
  publishingDraft: 'Publishing...',
  unsavedTitle: 'Leave without saving?',
  unsavedBody: 'You have unsaved changes to this listing. They will be lost if you leave this page.',
  stay: 'Stay on this page',
  leave: 'Leave page',
  /** Keyboard reordering: the buttons' names and what is announced after a move. */
  moveEarlier: (name: string) => `Move ${name} earlier`,
  moveLater: (name: string) => `Move ${name} later`,
  moved: (name: string, position: number, total: number) =>
    `${name} moved to position ${position} of ${total}.`,
} as const;

/** How a new upload is named in media_order: its place among the request's files, images first. */
export const NEW_MEDIA_PREFIX = 'new:';
export const newMediaToken = (index: number) => `${NEW_MEDIA_PREFIX}${index}`;

/**
 * The listing form's fields beyond SPEC's, sent beside them in the same multipart body. All are
 * optional, so SPEC's clients keep working unchanged.
 */
export const listingSaveOptionsSchema = strictObject({
  /** The `version` the form was opened at; a save against a newer one is refused (409). */
  version: z
    .string({ error: LISTING_TOOLS.versionInvalid })
    .trim()
    .regex(/^[1-9]\d{0,8}$/, LISTING_TOOLS.versionInvalid)
    .transform(Number)
    .optional(),
  /** Create only: keep the new listing private until it is published. */
  draft: formBoolean(LISTING_TOOLS.draftInvalid).optional().default(false),
});
export type ListingSaveOptions = z.output<typeof listingSaveOptionsSchema>;

/** PUT's media_order (JSON text, parsed first): the gallery order the listing ends with. */
export const mediaOrderSchema = z
  .array(
    singleLine(
      z
        .string({ error: LISTING_TOOLS.mediaOrderInvalid })
        .trim()
        .min(1, LISTING_TOOLS.mediaOrderInvalid)
        .max(100, LISTING_TOOLS.mediaOrderInvalid),
    ),
    { error: LISTING_TOOLS.mediaOrderInvalid },
  )
  .max(MAX_MEDIA, LISTING_TOOLS.mediaOrderInvalid);
