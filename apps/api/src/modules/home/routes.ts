import { homeSummaryResponse } from '@canopy/shared';
import { route } from '../../http/route-table.ts';

export const homeRoutes = [
  route({
    method: 'GET',
    url: '/home/summary',
    summary: 'Verified operators and live lots, for the home page',
    access: 'public',
    response: { 200: homeSummaryResponse },
  }).handle(async ({ request }) => ({ success: true, summary: await request.server.homeSummary() })),
];
