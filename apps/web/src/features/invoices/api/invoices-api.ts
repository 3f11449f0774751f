import {
  type DealParty,
  dealAddresses,
  type InvoiceStatus,
  invoiceAddresses,
  type RecordPaymentInput,
} from '@canopy/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { dealsKeys } from '@/features/deals';
import { call, callForFile } from '@/lib/api-call.ts';
import { saveBlob } from '@/lib/save-blob.ts';

// The payment and invoice-list calls of issue 23, typed by their contracts. Every key sits under the
// deals' keys: scheduling, a correction, a move or a live order event refreshes the order's
// payments and the lists with the order (its invoice is issued or changed then), and a recorded
// payment refreshes the order's invoice, the lists and the dashboard.

export interface InvoicesFilter {
  role: DealParty;
  status: InvoiceStatus | null;
  page: number;
  limit?: number;
}

export const invoiceKeys = {
  // dealsKeys.all is ['deals']; written out because the two features import each other's public
  // faces, and this object is built while the modules load.
  all: ['deals', 'invoices'] as const,
  list: (filter: InvoicesFilter) => [...invoiceKeys.all, 'list', filter] as const,
  payments: (orderId: string) => [...invoiceKeys.all, 'payments', orderId] as const,
  offer: (offerId: string) => [...invoiceKeys.all, 'offer', offerId] as const,
};

export const invoicesQueryOptions = (filter: InvoicesFilter) =>
  queryOptions({
    queryKey: invoiceKeys.list(filter),
    queryFn: ({ signal }) =>
      call(invoiceAddresses.invoices, {
        query: {
          role: filter.role,
          page: filter.page,
          status: filter.status ?? undefined,
          ...(filter.limit ? { limit: filter.limit } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** Where the order's invoice stands; null before one is issued. */
export const paymentsQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: invoiceKeys.payments(orderId),
    queryFn: async ({ signal }) =>
      (await call(invoiceAddresses.payments, { params: { id: orderId }, signal })).data,
  });

/** The offer as its seller reads it, with the buyer's payment record (null: a new buyer). */
export const offerBuyerRecordQueryOptions = (offerId: string) =>
  queryOptions({
    queryKey: invoiceKeys.offer(offerId),
    queryFn: async ({ signal }) =>
      (await call(dealAddresses.offer, { params: { id: offerId }, signal })).data.buyerRecord ?? null,
  });

export function useRecordPayment(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (payment: RecordPaymentInput) =>
      (await call(invoiceAddresses.recordPayment, { params: { id: orderId }, body: payment })).data,
    onSuccess: (standing) => {
      client.setQueryData(invoiceKeys.payments(orderId), standing);
      void client.invalidateQueries({ queryKey: dealsKeys.all });
    },
  });
}

/** The side's invoices (status filter kept) as CSV, saved by the browser. */
export async function downloadInvoicesCsv(role: DealParty, status: InvoiceStatus | null): Promise<void> {
  const blob = await callForFile(invoiceAddresses.invoicesCsv, {
    query: { role, ...(status ? { status } : {}) },
  });
  const kind = role === 'seller' ? 'receivables' : 'payables';
  saveBlob(blob, `canopy-${kind}-${new Date().toISOString().slice(0, 10)}.csv`);
}
