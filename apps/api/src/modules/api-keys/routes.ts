import { API_KEYS, apiKeyContracts } from '@canopy/shared';
import { route } from '../../http/route-table.ts';
import { requireMember } from '../companies/index.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './keys.ts';

// Issue 24's API key calls. The route table already asks company:manage (route-permissions.ts),
// which no key's scopes hold, so a key never reaches these; requireMember gives the typed caller.

export const apiKeyRoutes = [
  route({ ...apiKeyContracts.list, access: 'verified' }).handle(async ({ ctx, auth }) => {
    const caller = requireMember(auth, 'company:manage');
    return { success: true, data: await listApiKeys(ctx.database.db, caller.member.companyId) };
  }),
  route({
    ...apiKeyContracts.create,
    access: 'verified',
    rateLimitPerMinute: 20,
    rateLimitBy: 'session',
  }).handle(async ({ body, reply, ctx, auth }) => {
    const data = await createApiKey(ctx.database.db, requireMember(auth, 'company:manage'), body);
    reply.status(201);
    return { success: true, message: API_KEYS.created, data };
  }),
  route({ ...apiKeyContracts.revoke, access: 'verified' }).handle(async ({ params, ctx, auth }) => {
    await revokeApiKey(ctx.database.db, requireMember(auth, 'company:manage'), params.id);
    return { success: true, message: API_KEYS.revoked };
  }),
];
