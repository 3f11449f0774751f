import {
  type DealParty,
  type SampleDeclineInput,
  type SampleRequestInput,
  type SampleStatus,
  sampleAddresses,
} from '@canopy/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { dealsKeys } from '@/features/deals';
import { call } from '@/lib/api-call.ts';
import { notify } from '@/lib/toast.ts';

// The sample calls of issue 25 item 3, typed by their contracts.

export interface SamplesFilter {
  role: DealParty;
  status: SampleStatus | null;
  page: number;
}

export const samplesKeys = {
  all: ['samples'] as const,
  list: (filter: SamplesFilter) => [...samplesKeys.all, 'list', filter] as const,
};

export const samplesQueryOptions = (filter: SamplesFilter) =>
  queryOptions({
    queryKey: samplesKeys.list(filter),
    queryFn: ({ signal }) =>
      call(sampleAddresses.list, {
        query: { role: filter.role, status: filter.status ?? undefined, page: filter.page },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** After any answer the lists refresh, and an approval's order joins the deals data. */
function useSampleMutation<Input>(action: (input: Input) => Promise<{ message: string }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await Promise.all([
        client.invalidateQueries({ queryKey: samplesKeys.all }),
        client.invalidateQueries({ queryKey: dealsKeys.all }),
      ]);
    },
  });
}

export const useRequestSample = () =>
  useSampleMutation((body: SampleRequestInput) => call(sampleAddresses.request, { body }));

export const useApproveSample = () =>
  useSampleMutation((id: string) => call(sampleAddresses.approve, { params: { id } }));

export const useDeclineSample = () =>
  useSampleMutation(({ id, body }: { id: string; body: SampleDeclineInput }) =>
    call(sampleAddresses.decline, { params: { id }, body }),
  );
