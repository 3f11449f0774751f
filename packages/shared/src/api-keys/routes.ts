import { messageResponse } from '../common/responses.ts';
import { defineRoutes } from '../route-contract.ts';
import { apiKeyAddresses } from './addresses.ts';
import { apiKeyCreatedResponse, apiKeyParams, apiKeysResponse, createApiKeySchema } from './schemas.ts';

export const apiKeyContracts = defineRoutes(apiKeyAddresses, {
  list: {
    summary: "The company's API keys with their scopes, expiry and last use (never a secret)",
    response: { 200: apiKeysResponse },
  },
  create: {
    summary: 'Create an API key for the company; the answer carries its secret, shown this once',
    body: createApiKeySchema,
    response: { 201: apiKeyCreatedResponse },
  },
  revoke: {
    summary: 'Revoke an API key: every request with it is refused from now on',
    params: apiKeyParams,
    response: { 200: messageResponse },
  },
});
