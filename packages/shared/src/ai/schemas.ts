import { z } from 'zod';
import { multiLine, strictObject } from '../common/fields.ts';
import { DESCRIPTION_MAX, TITLE_MAX } from '../listings/limits.ts';
import { AI_PROMPT_MAX } from './limits.ts';
import { AI_TEXTS } from './texts.ts';

/** The most a seller may send per field: what the listing form itself allows. */
export const AI_INPUT_MAX = { title: TITLE_MAX, description: DESCRIPTION_MAX } as const;

export const enhanceTextSchema = strictObject({
  text: multiLine(z.string({ error: AI_TEXTS.textRequired }).trim().min(1, AI_TEXTS.textRequired)),
  prompt: multiLine(z.string().max(AI_PROMPT_MAX)).optional().default(''),
  field: z.enum(['title', 'description'], { error: AI_TEXTS.fieldInvalid }),
}).refine((input) => input.text.length <= AI_INPUT_MAX[input.field], {
  message: AI_TEXTS.textTooLong,
  path: ['text'],
});
