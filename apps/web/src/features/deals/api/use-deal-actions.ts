import {
  type CounterLinesInput,
  type CounterOfferInput,
  type CreateOfferInput,
  DEALS,
  type OrderStatusInput,
} from '@canopy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/toast.ts';
import { DEAL_FAILURES, ORDER_STATUS_LABELS } from '../texts.ts';
import {
  acceptOffer,
  approveOffer,
  counterOffer,
  declineApproval,
  declineOffer,
  makeOffer,
  withdrawOffer,
} from './offers-api.ts';
import { changeOrderStatus } from './orders-api.ts';
import { dealsKeys } from './query-keys.ts';

// Every move on an offer or order: on success a toast and a refresh of all deals data (one move
// changes an offer, maybe an order, and the dashboard counts at once); on failure the server's
// text, which says exactly why (e.g. "Not enough quantity available"), toasted by the query
// client from the mutation's meta. The conversation's cards follow through the live stream's
// `offer` event.

function useDealMutation<Input, Result>(
  action: (input: Input) => Promise<Result>,
  success: (result: Result) => string,
  failure: string,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: (result) => {
      notify.success(success(result));
      return client.invalidateQueries({ queryKey: dealsKeys.all });
    },
    meta: { errorToast: failure },
  });
}

export const useMakeOffer = () =>
  useDealMutation(
    (input: CreateOfferInput) => makeOffer(input),
    () => DEALS.offerSent,
    DEALS.offerFailed,
  );

export const useCounterOffer = () =>
  useDealMutation(
    ({ id, terms }: { id: string; terms: CounterOfferInput | CounterLinesInput }) => counterOffer(id, terms),
    () => DEALS.counterSent,
    DEALS.offerFailed,
  );

export const useAcceptOffer = () =>
  useDealMutation(
    (id: string) => acceptOffer(id),
    () => DEALS.offerAccepted,
    DEAL_FAILURES.offerAction,
  );

export const useDeclineOffer = () =>
  useDealMutation(
    ({ id, reason }: { id: string; reason: string }) => declineOffer(id, reason),
    () => DEALS.offerDeclined,
    DEAL_FAILURES.offerAction,
  );

export const useWithdrawOffer = () =>
  useDealMutation(
    (id: string) => withdrawOffer(id),
    () => DEALS.offerWithdrawn,
    DEAL_FAILURES.offerAction,
  );

export const useApproveOffer = () =>
  useDealMutation(
    (id: string) => approveOffer(id),
    () => DEALS.offerApproved,
    DEAL_FAILURES.offerAction,
  );

export const useDeclineApproval = () =>
  useDealMutation(
    (id: string) => declineApproval(id),
    () => DEALS.approvalDeclined,
    DEAL_FAILURES.offerAction,
  );

export const useChangeOrderStatus = () =>
  useDealMutation(
    ({ id, change }: { id: string; change: OrderStatusInput }) => changeOrderStatus(id, change),
    (order) => DEALS.orderUpdated(ORDER_STATUS_LABELS[order.status].toLowerCase()),
    DEAL_FAILURES.orderAction,
  );
