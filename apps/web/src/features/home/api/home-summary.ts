import { type HomeSummaryDto, type HomeSummaryResponse, homeAddresses } from '@canopy/shared';
import { queryOptions } from '@tanstack/react-query';
import { call, routePath } from '@/lib/api-call.ts';
import { fromThePage } from '@/lib/page-answers.ts';

/**
 * The hero's marketplace size: verified operators and live lots (GET /home/summary), from the home
 * page's own answer when it came with one (decision 257); the call has no side, so that answer is
 * as good as a fresh one.
 */
export const homeSummaryQueryOptions = () =>
  queryOptions({
    // Under ['products'] so a seller's change to the catalog recounts the live lots too.
    queryKey: ['products', 'home-summary'],
    queryFn: async (): Promise<HomeSummaryDto> => (await call(homeAddresses.summary)).summary,
    ...fromThePage(routePath(homeAddresses.summary), (answer: HomeSummaryResponse) => answer.summary, true),
  });
