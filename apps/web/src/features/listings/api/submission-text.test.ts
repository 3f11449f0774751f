import type { ListingForm } from '@canopy/shared';
import { describe, expect, it } from 'vitest';
import { createRetryKeys } from '@/lib/retry-keys.ts';
import { type SaveListingInput, submissionText } from './listings-api.ts';

// One Idempotency-Key per submission of the listing form (decision 193): the same key while the
// same submission is sent again, a new one as soon as anything the seller sends differs.

const form = {
  title: 'Blue Dream lot',
  description: 'Indoor flower, slow cured.',
  product_type: 'Flower - Indoor',
  zip_code: '95501',
  quantity_lbs: 12.5,
  make_offer: false,
  asking_price: 1400,
  negotiable: true,
  tested: false,
} as ListingForm;

const photo = (name: string, lastModified = 1) =>
  new File([new Uint8Array([1, 2, 3])], name, { type: 'image/jpeg', lastModified });

const submission = (changes: Partial<SaveListingInput> = {}): SaveListingInput => ({
  form,
  files: { images: [photo('front.jpg')], videos: [], testUpload: null, removeMedia: [] },
  options: { draft: false },
  ...changes,
});

describe('the listing form’s create key', () => {
  it('stays for the same submission sent again and changes with the fields, files or draft flag', () => {
    const keys = createRetryKeys();
    const first = keys.keyFor(submissionText(submission()));
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    // The same form, the same files picked: a retry after a failure or a second press.
    expect(keys.keyFor(submissionText(submission()))).toBe(first);

    const changes: Partial<SaveListingInput>[] = [
      { form: { ...form, title: 'Blue Dream lot 2' } },
      { files: { images: [photo('side.jpg')], videos: [], testUpload: null, removeMedia: [] } },
      { files: { images: [photo('front.jpg', 2)], videos: [], testUpload: null, removeMedia: [] } },
      { options: { draft: true } },
    ];
    const texts = new Set(changes.map((change) => submissionText(submission(change))));
    texts.add(submissionText(submission()));
    expect(texts.size).toBe(changes.length + 1);
    expect(keys.keyFor(submissionText(submission({ options: { draft: true } })))).not.toBe(first);
  });
});
