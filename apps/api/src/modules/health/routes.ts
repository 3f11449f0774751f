import { sql } from 'drizzle-orm';
import { defineRoutes } from '../../http/route-table.ts';
import { AppError } from '../../lib/errors.ts';

export const healthRoutes = defineRoutes([
  {
    method: 'GET',
    url: '/health',
    access: 'public',
    handler: async ({ ctx }) => {
      try {
        await ctx.database.db.execute(sql`select 1`);
      } catch {
        throw new AppError('UNAVAILABLE', 'The database is not answering');
      }
      return { status: 'ok' };
    },
  },
]);
