import { z } from 'zod';
import { DESCRIPTION_MAX, TITLE_MAX } from '../constants.ts';
import { multiLine, strictObject } from './fields.ts';

export const AI_TEXTS = {
  textRequired: 'Enter some text before using AI Enhance',
  textTooLong: 'This text is too long to enhance',
  fieldInvalid: 'Field must be title or description',
} as const;

/** The most a seller may send per field: what the listing form itself allows. */
export const AI_INPUT_MAX = { title: TITLE_MAX, description: DESCRIPTION_MAX } as const;

export const enhanceTextSchema = strictObject({
  text: multiLine(z.string({ error: AI_TEXTS.textRequired }).trim().min(1, AI_TEXTS.textRequired)),
  prompt: multiLine(z.string().max(2000)).optional().default(''),
  field: z.enum(['title', 'description'], { error: AI_TEXTS.fieldInvalid }),
}).refine((input) => input.text.length <= AI_INPUT_MAX[input.field], {
  message: AI_TEXTS.textTooLong,
  path: ['text'],
});
