import { homeContracts } from '@canopy/shared';
import { route } from '../../http/route-table.ts';

export const homeRoutes = [
  route({
    ...homeContracts.summary,
    access: 'public',
  }).handle(async ({ request }) => ({ success: true, summary: await request.server.homeSummary() })),
];
