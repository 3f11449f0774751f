import { aiContracts, LISTINGS } from '@canopy/shared';
import { route } from '../../http/route-table.ts';
import { AppError } from '../../lib/errors.ts';
import { EnhancerUnavailable } from './enhancer.ts';
import { enhanceText } from './service.ts';

export const aiRoutes = [
  route({
    ...aiContracts.enhanceText,
    access: 'seller',
    // Per signed-in account rather than per address: model calls cost money and time.
    rateLimitPerMinute: 20,
    rateLimitBy: 'session',
    // SPEC's request carries a prompt; it is checked but never reaches the model (decision 063).
  }).handle(async ({ body: { text, field }, request }) => {
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
  }),
];
