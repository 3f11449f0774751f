import { healthContracts } from '@canopy/shared';
import { sql } from 'drizzle-orm';
import { route } from '../../http/route-table.ts';
import { answerUnavailable } from '../../observability/database-outage.ts';

// What a load balancer probes: 200 while the database answers, 503 (with Retry-After) while it
// does not. Never rate limited (decision 055) and never logged per request (decision 057).

export const healthRoutes = [
  route({
    ...healthContracts.health,
    access: 'public',
  }).handle(async ({ request, reply, ctx }) => {
    const outage = request.server.databaseOutage;
    try {
      await ctx.database.db.execute(sql`select 1`);
    } catch (error) {
      outage.recognise(error);
      return answerUnavailable(reply);
    }
    outage.recovered();
    return { status: 'ok' };
  }),
];
