import { z } from 'zod';
import { succeeded } from '../common/responses.ts';

/** POST /ai/enhance-text: the improved text and which provider wrote it. */
export const enhancedTextResponse = z.object({
  success: succeeded,
  enhanced_text: z.string(),
  provider: z.string(),
});
export type EnhancedTextResponse = z.infer<typeof enhancedTextResponse>;
