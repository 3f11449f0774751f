import { type HomeSummaryDto, homeAddresses } from '@canopy/shared';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-call.ts';

/** The hero's marketplace size: verified operators and live lots (GET /home/summary). */
export const homeSummaryQueryOptions = () =>
  queryOptions({
    // Under ['products'] so a seller's change to the catalog recounts the live lots too.
    queryKey: ['products', 'home-summary'],
    queryFn: async (): Promise<HomeSummaryDto> => (await call(homeAddresses.summary)).summary,
  });
