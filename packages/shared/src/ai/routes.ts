import { defineRoutes } from '../route-contract.ts';
import { aiAddresses } from './addresses.ts';
import { enhancedTextResponse } from './responses.ts';
import { enhanceTextSchema } from './schemas.ts';

export const aiContracts = defineRoutes(aiAddresses, {
  enhanceText: {
    summary: 'Improve a listing text with the language model',
    // SPEC's request carries a prompt; it is checked but never reaches the model (decision 063).
    body: enhanceTextSchema,
    response: { 200: enhancedTextResponse },
  },
});
