import { describe, expect, it } from 'vitest';
import { emailOnlySchema, registrationAddressSchema } from './auth/schemas.ts';
import { INPUT_TEXTS, isMultiLineText, isSingleLineText } from './input.ts';
import { listingFormSchema } from './listings/schemas.ts';
import { messageContentField } from './messaging/schemas.ts';

describe('control characters', () => {
  it.each([
    ['\u0000', false, false],
    ['\u0007', false, false],
    ['\u001b', false, false],
    ['\u007f', false, false],
    ['\u0085', false, false],
    ['\u009f', false, false],
    ['\t', false, true],
    ['\n', false, true],
    ['\r', false, true],
    ['\u00a0', true, true],
    ['\u202e', true, true],
    ['é 漢字 🌿', true, true],
  ])('%j: one line %s, multi-line %s', (character, single, multi) => {
    expect(isSingleLineText(`a${character}b`)).toBe(single);
    expect(isMultiLineText(`a${character}b`)).toBe(multi);
  });

  it('are refused in one-line fields and kept out of multi-line ones, with the one text', () => {
    const street = registrationAddressSchema.safeParse({
      street: '1 Orchard\u0000 Lane',
      city: 'Ukiah',
      county: 'Mendocino',
      zipCode: '95482',
    });
    expect(street.success ? '' : street.error.issues[0]?.message).toBe(INPUT_TEXTS.controlCharacters);
    expect(messageContentField.safeParse('Line one\nLine two').success).toBe(true);
    const bell = messageContentField.safeParse('Ring\u0007');
    expect(bell.success ? '' : bell.error.issues[0]?.message).toBe(INPUT_TEXTS.controlCharacters);
  });

  it('refuse half a character (a lone surrogate), which JSON columns in the database cannot store', () => {
    for (const text of ['\ud800someone@example.com', 'tail\udc00', 'pair reversed \udc00\ud800']) {
      const email = emailOnlySchema.safeParse({ email: text });
      expect(email.success ? '' : email.error.issues[0]?.message, text).toBe(INPUT_TEXTS.malformedText);
      const message = messageContentField.safeParse(text);
      expect(message.success ? '' : message.error.issues[0]?.message, text).toBe(INPUT_TEXTS.malformedText);
    }
    expect(messageContentField.safeParse('A leaf \ud83c\udf3f, whole').success).toBe(true);
  });

  it('lets a title keep surrounding whitespace trimmed before the check', () => {
    const form = listingFormSchema.safeParse({
      title: '  Blue Dream lot\n',
      description: 'Dense, frosty buds, slow cured.',
      product_type: 'Flower - Indoor',
      zip_code: '95501',
      quantity_lbs: '2',
      asking_price: '100',
    });
    expect(form.success).toBe(true);
  });
});
