import type { Config } from '../config.ts';
import { accountRoutes } from '../modules/accounts/routes.ts';
import { adminRoutes } from '../modules/admin/routes.ts';
import { aiRoutes } from '../modules/ai/routes.ts';
import { authRoutes } from '../modules/auth/routes.ts';
import { catalogRoutes } from '../modules/catalog/routes.ts';
import { dealRoutes } from '../modules/deals/routes.ts';
import { devMailEnabled } from '../modules/dev-mail/local-only.ts';
import { devMailRoutes } from '../modules/dev-mail/routes.ts';
import { healthRoutes } from '../modules/health/routes.ts';
import { listingRoutes } from '../modules/listings/routes.ts';
import { messagingRoutes } from '../modules/messaging/routes.ts';
import type { RouteDef } from './route-table.ts';

/** Every route the server answers, in one enumerable table (the access-matrix tests walk it). */
export function routeTable(config: Pick<Config, 'production' | 'smtpUrl'>): RouteDef[] {
  return [
    ...healthRoutes,
    ...authRoutes,
    ...accountRoutes,
    ...adminRoutes,
    ...aiRoutes,
    ...listingRoutes,
    ...catalogRoutes,
    ...messagingRoutes,
    ...dealRoutes,
    ...(devMailEnabled(config) ? devMailRoutes : []),
  ];
}
