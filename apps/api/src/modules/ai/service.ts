import { AI_DESCRIPTION_MAX, AI_TITLE_MAX } from '@canopy/shared';
import type { Config } from '../../config.ts';
import type { TextEnhancer } from './enhancer.ts';
import { createOpenAiCompatibleEnhancer, DEFAULT_MODEL } from './openai-compatible.ts';
import { type EnhanceField, fitToLimit, ruleBasedEnhance } from './rule-editor.ts';

export const AI_LIMITS: Record<EnhanceField, number> = {
  title: AI_TITLE_MAX,
  description: AI_DESCRIPTION_MAX,
};

const rulesEnhancer: TextEnhancer = {
  name: 'rules',
  enhance: async ({ text, field, limit }) => ruleBasedEnhance(text, field, limit),
};

/** The configured model endpoint, or the built-in editor when AI_BASE_URL is unset. */
export function createEnhancer(ai: Config['ai']): TextEnhancer {
  if (!ai.baseUrl) return rulesEnhancer;
  return createOpenAiCompatibleEnhancer({
    baseUrl: ai.baseUrl,
    apiKey: ai.apiKey,
    model: ai.model ?? DEFAULT_MODEL,
  });
}

/**
 * Whatever the provider wrote is held to SPEC's rules before it reaches the seller: one line and
 * no surrounding straight quotes for a title, and the field's length limit.
 */
export function finishEnhancedText(raw: string, field: EnhanceField): string {
  let text = raw.trim();
  if (field === 'title')
    text = text
      .replace(/\s*\n+\s*/g, ' ')
      .replace(/^"+|"+$/g, '')
      .trim();
  return fitToLimit(text, AI_LIMITS[field], field);
}

export async function enhanceText(enhancer: TextEnhancer, text: string, field: EnhanceField) {
  const raw = await enhancer.enhance({ text, field, limit: AI_LIMITS[field] });
  return finishEnhancedText(raw, field);
}
