export const AI_TEXTS = {
  textRequired: 'Enter some text before using AI Enhance',
  textTooLong: 'This text is too long to enhance',
  fieldInvalid: 'Field must be title or description',
} as const;
