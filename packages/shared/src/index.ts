// @canopy/shared: the contract between the API and the web app, one folder per feature
// (`schemas.ts` for requests, `responses.ts` for answers, `limits.ts`, `texts.ts`), and `common/`
// for what every feature uses.
export * from './account-review.ts';
export * from './account-security.ts';
export * from './accounts/responses.ts';
export * from './accounts/schemas.ts';
export * from './accounts/status-transitions.ts';
export * from './admin/responses.ts';
export * from './admin/schemas.ts';
export * from './ai/limits.ts';
export * from './ai/responses.ts';
export * from './ai/schemas.ts';
export * from './ai/texts.ts';
export * from './auth/limits.ts';
export * from './auth/responses.ts';
export * from './auth/schemas.ts';
export * from './catalog/limits.ts';
export * from './catalog/responses.ts';
export * from './common/fields.ts';
export * from './common/params.ts';
export * from './common/responses.ts';
export * from './common/units.ts';
export * from './constants.ts';
export * from './input.ts';
export * from './listing-moderation.ts';
export * from './listings/limits.ts';
export * from './listings/responses.ts';
export * from './listings/schemas.ts';
export * from './listings/texts.ts';
export * from './messaging/limits.ts';
export * from './messaging/queries.ts';
export * from './messaging/responses.ts';
export * from './messaging/schemas.ts';
export * from './messaging/texts.ts';
export * from './operations.ts';
export * from './seo.ts';
export * from './texts.ts';
