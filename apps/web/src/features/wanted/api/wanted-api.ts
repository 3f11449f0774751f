import {
  type AnswerWantedInput,
  type CreateWantedInput,
  type RouteQuery,
  wantedAddresses,
  type wantedContracts,
} from '@canopy/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-call.ts';

// The wanted-post calls (issue 25 item 4), typed by their shared contracts.

export type WantedFilters = RouteQuery<typeof wantedContracts.list>;

export const wantedKeys = {
  all: ['wanted'] as const,
  list: (filters: Partial<WantedFilters>) => [...wantedKeys.all, 'list', filters] as const,
};

export const wantedListQueryOptions = (filters: Partial<WantedFilters>) =>
  queryOptions({
    queryKey: wantedKeys.list(filters),
    queryFn: ({ signal }) => call(wantedAddresses.list, { query: filters, signal }),
    placeholderData: keepPreviousData,
  });

export const postWanted = (input: CreateWantedInput) => call(wantedAddresses.create, { body: input });

export const closeWanted = (id: string) => call(wantedAddresses.close, { params: { id } });

export const answerWanted = (id: string, input: AnswerWantedInput) =>
  call(wantedAddresses.answer, { params: { id }, body: input });
