import { describe, expect, it } from 'vitest';
import { LISTING_RULES } from './listings/texts.ts';
import { LISTINGS, VALIDATION } from './texts.ts';

// Texts that name a limit are built from it; they must still read exactly as SPEC and the
// decisions wrote them.
describe('texts built from limits', () => {
  it('read as written', () => {
    expect(LISTING_RULES.quantityMin).toBe('Quantity must be at least 0.01 lbs');
    expect(LISTING_RULES.quantityMax).toBe('Quantity must be at most 1,000,000 lbs');
    expect(LISTING_RULES.priceMax).toBe('Asking price must be at most $10,000,000');
    expect(LISTING_RULES.testUploadTooLarge).toBe('Test results must be 10MB or smaller');
    expect(LISTING_RULES.imageTooLarge).toBe('Each image must be 20MB or smaller');
    expect(LISTINGS.maxImages).toBe('Maximum 5 images allowed');
    expect(LISTINGS.maxVideos).toBe('Maximum 3 videos allowed');
    expect(LISTINGS.videoTooLarge).toBe('Video files must be under 100MB each');
    expect(VALIDATION.licenseDocumentTooLarge).toBe('License document must be 10MB or smaller');
  });
});
