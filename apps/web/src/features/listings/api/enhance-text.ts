import { AI_DESCRIPTION_MAX, AI_TITLE_MAX, aiAddresses, LISTINGS } from '@canopy/shared';
import toast from 'react-hot-toast';
import { call } from '@/lib/api-call.ts';

// SPEC §7's POST /ai/enhance-text, which rewrites a listing title or description (decision 040).

export type EnhanceField = 'title' | 'description';

/** The longest suggestion each field gets back; the dialog counts the suggestion against it. */
export const AI_LIMITS: Record<EnhanceField, number> = {
  title: AI_TITLE_MAX,
  description: AI_DESCRIPTION_MAX,
};

/** SPEC §7: the prompt tells the model each field's limit. */
const PROMPTS: Record<EnhanceField, string> = {
  title: `Rewrite this listing title to be clear and professional, at most ${AI_TITLE_MAX} characters.`,
  description: `Rewrite this listing description to be clear, well organised and professional, at most ${AI_DESCRIPTION_MAX} characters.`,
};

/** SPEC §8 gives this toast 5 s, shorter than other errors. */
const FAILURE_TOAST_MS = 5000;

/**
 * SPEC §4: a title suggestion loses surrounding straight quotes. The server strips them already;
 * doing it again here keeps a model's quoted answer out of the field whatever the server does.
 */
function finishSuggestion(text: string, field: EnhanceField): string {
  const trimmed = text.trim();
  if (field === 'description') return trimmed;
  return trimmed.replace(/^(["'])(.*)\1$/s, '$2').trim();
}

/** The suggestion for `text`; rejects when the call fails or nothing usable comes back. */
export async function enhanceText(text: string, field: EnhanceField): Promise<string> {
  const { enhanced_text } = await call(aiAddresses.enhanceText, {
    body: { text, field, prompt: PROMPTS[field] },
  });
  const suggestion = typeof enhanced_text === 'string' ? finishSuggestion(enhanced_text, field) : '';
  if (!suggestion) throw new Error('The text enhancement came back empty');
  return suggestion;
}

/** One text for every failure (SPEC §8): the seller's only remedy is to try again. */
export function notifyEnhanceFailure(): void {
  toast.error(LISTINGS.aiFailed, { duration: FAILURE_TOAST_MS });
}
