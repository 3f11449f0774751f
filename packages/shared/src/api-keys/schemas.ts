import { z } from 'zod';
import { idParams } from '../common/params.ts';
import { succeeded } from '../common/responses.ts';
import { API_KEY_SCOPES } from './scopes.ts';
import { API_KEYS } from './texts.ts';

// The wire shapes of the API key calls (issue 24's wire contract).

export const API_KEY_NAME_MAX = 60;
/** Keys a company may keep at once: enough for every system it runs, few enough to review. */
export const API_KEYS_PER_COMPANY = 25;

export const apiKeyParams = idParams(API_KEYS.notFound);

export const createApiKeySchema = z.object({
  name: z
    .string({ error: API_KEYS.nameRequired })
    .trim()
    .min(1, { error: API_KEYS.nameRequired })
    .max(API_KEY_NAME_MAX, { error: API_KEYS.nameTooLong }),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: API_KEYS.scopeUnknown }), { error: API_KEYS.scopesRequired })
    .min(1, { error: API_KEYS.scopesRequired })
    .transform((scopes) => [...new Set(scopes)]),
  /** An instant (ISO 8601); absent or null: the key lasts until it is revoked. */
  expiresAt: z.iso
    .datetime({ offset: true, error: API_KEYS.expiryInvalid })
    .nullish()
    .refine((value) => value == null || Date.parse(value) > Date.now(), { error: API_KEYS.expiryInPast }),
});
export type CreateApiKey = z.input<typeof createApiKeySchema>;

/** A key as the company page lists it: never its secret, which only the creating call answers. */
export const apiKeyDto = z.object({
  _id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** The key's public part: `cnp_<prefix>_…`, enough to recognise it in a configuration. */
  prefix: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  /** The member who created it, by name, or null once they are gone. */
  createdBy: z.object({ userId: z.string(), contactName: z.string(), email: z.string() }).nullable(),
});
export type ApiKeyDto = z.infer<typeof apiKeyDto>;

export const apiKeysResponse = z.object({ success: succeeded, data: z.array(apiKeyDto) });

export const apiKeyCreatedResponse = z.object({
  success: succeeded,
  message: z.string(),
  data: z.object({
    _id: z.string(),
    name: z.string(),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    prefix: z.string(),
    /** The whole key to send as `Authorization: Bearer …`; answered here only, never again. */
    secret: z.string(),
  }),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedResponse>['data'];
