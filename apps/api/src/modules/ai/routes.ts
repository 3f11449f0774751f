import { enhanceTextSchema, LISTINGS } from '@canopy/shared';
import { defineRoutes, parse } from '../../http/route-table.ts';
import { AppError } from '../../lib/errors.ts';
import { EnhancerUnavailable } from './enhancer.ts';
import { enhanceText } from './service.ts';

export const aiRoutes = defineRoutes([
  {
    method: 'POST',
    url: '/ai/enhance-text',
    access: 'seller',
    // Per signed-in account rather than per address: model calls cost money and time.
    rateLimitPerMinute: 20,
    rateLimitBy: 'session',
    handler: async ({ request }) => {
      // SPEC's request carries a prompt; it is checked but never reaches the model (decision 063).
      const { text, field } = parse(enhanceTextSchema, request.body);
      const enhancer = request.server.textEnhancer;
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
    },
  },
]);
