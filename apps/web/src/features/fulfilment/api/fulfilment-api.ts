import {
  fulfilmentAddresses,
  type InvoiceCorrectionInput,
  type OrderDto,
  type ScheduleOrderInput,
} from '@canopy/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { dealsKeys } from '@/features/deals';
import { call, callForFile } from '@/lib/api-call.ts';
import { notify, notifyFailure } from '@/lib/toast.ts';
import { CORRECTION_FORM, FULFILMENT_SECTION, SCHEDULE_FORM } from '../texts.ts';

// The fulfilment calls of issue 23, typed by their contracts: schedule an order, read its invoice,
// and save the invoice and manifest files. The invoice's key sits under the deals' keys, so a move
// or a live order event refreshes it with the order.

export const invoiceQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: [...dealsKeys.order(orderId), 'invoice'] as const,
    queryFn: async ({ signal }) =>
      (await call(fulfilmentAddresses.invoice, { params: { id: orderId }, signal })).data,
    retry: false,
  });

export function useScheduleOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: ScheduleOrderInput }) =>
      call(fulfilmentAddresses.scheduleOrder, { params: { id }, body }),
    onSuccess: (answer) => {
      notify.success(answer.message);
      return client.invalidateQueries({ queryKey: dealsKeys.all });
    },
    meta: { errorToast: SCHEDULE_FORM.failed },
  });
}

export function useCorrectInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: InvoiceCorrectionInput }) =>
      call(fulfilmentAddresses.correctInvoice, { params: { id }, body }),
    onSuccess: (answer) => {
      notify.success(answer.message);
      return client.invalidateQueries({ queryKey: dealsKeys.all });
    },
    meta: { errorToast: CORRECTION_FORM.failed },
  });
}

/** Saves a fetched file under its name (the call needs the bearer token, so no plain link). */
async function save(file: () => Promise<Blob>, filename: string): Promise<void> {
  try {
    const url = URL.createObjectURL(await file());
    const link = Object.assign(document.createElement('a'), { href: url, download: filename });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    notifyFailure(error, FULFILMENT_SECTION.downloadFailed);
  }
}

const byId = (order: OrderDto) => ({ params: { id: order._id } });

export const saveInvoicePdf = (order: OrderDto, number: string) =>
  save(() => callForFile(fulfilmentAddresses.invoicePdf, byId(order)), `${number}.pdf`);
export const saveManifestPdf = (order: OrderDto) =>
  save(() => callForFile(fulfilmentAddresses.manifestPdf, byId(order)), `${order.number}-manifest.pdf`);
export const saveManifestCsv = (order: OrderDto) =>
  save(() => callForFile(fulfilmentAddresses.manifestCsv, byId(order)), `${order.number}-manifest.csv`);
