import type { AppContext } from '../../context.ts';
import type { SessionUser } from '../../lib/session.ts';
import { recordKeyAction } from '../audit/index.ts';

// Every write an API key makes goes to the audit trail under the key's name (decision 222), with the
// company as its target, so the company's activity shows it beside its members' actions. The route
// table reports each one after it succeeds (register-routes.ts); a replayed answer did nothing and
// is not reported.

/** How the trail names a key: its name and the prefix that tells two keys of one name apart. */
export const keyActor = (key: { name: string; prefix: string }) =>
  `API key "${key.name}" (cnp_${key.prefix})`;

export async function recordKeyWrite(
  ctx: AppContext,
  auth: SessionUser,
  call: { route: string; url: string; statusCode: number },
): Promise<void> {
  if (!auth.apiKey || call.statusCode >= 400) return;
  await recordKeyAction(ctx.database.db, keyActor(auth.apiKey), {
    action: 'company.api_key_write',
    targetType: 'company',
    targetId: auth.user.id,
    targetLabel: call.route,
    before: null,
    after: { keyId: auth.apiKey.id, url: call.url, status: call.statusCode },
  });
}
