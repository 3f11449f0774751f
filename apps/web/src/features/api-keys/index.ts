// The api-keys feature's public face (issue 24): the company page shows this section.
export { apiKeyKeys } from './api/api-keys-api.ts';
export { ApiKeysSection } from './components/api-keys-section.tsx';
