import { enhancedTextResponse, enhanceTextSchema, LISTINGS } from '@canopy/shared';
import type { Config } from '../../config.ts';
import { route } from '../../http/route-table.ts';
import { AppError } from '../../lib/errors.ts';
import { EnhancerUnavailable, type TextEnhancer } from './enhancer.ts';
import { createEnhancer, enhanceText } from './service.ts';

// One enhancer per configuration, made on first use (the configuration never changes at run time).
const enhancers = new WeakMap<Config['ai'], TextEnhancer>();
function enhancerFor(ai: Config['ai']): TextEnhancer {
  let enhancer = enhancers.get(ai);
  if (!enhancer) {
    enhancer = createEnhancer(ai);
    enhancers.set(ai, enhancer);
  }
  return enhancer;
}

export const aiRoutes = [
  route({
    method: 'POST',
    url: '/ai/enhance-text',
    summary: 'Improve a listing text with the language model',
    access: 'seller',
    // Per signed-in account rather than per address: model calls cost money and time.
    rateLimitPerMinute: 20,
    rateLimitBy: 'session',
    // SPEC's request carries a prompt; it is checked but never reaches the model (decision 063).
    body: enhanceTextSchema,
    response: { 200: enhancedTextResponse },
  }).handle(async ({ body: { text, field }, request, ctx }) => {
    const enhancer = enhancerFor(ctx.config.ai);
    try {
      return {
        success: true,
        enhanced_text: await enhanceText(enhancer, text, field),
        provider: enhancer.name,
      };
    } catch (error) {
      if (!(error instanceof EnhancerUnavailable)) throw error;
      request.log.warn({ err: error }, 'text enhancement failed');
      throw new AppError('UNAVAILABLE', LISTINGS.aiFailed);
    }
  }),
];
