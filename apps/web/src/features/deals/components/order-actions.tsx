import { type DealParty, type OrderDto, type OrderStatusChange, orderStatusSchema } from '@canopy/shared';
import { useState } from 'react';
import { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { useChangeOrderStatus } from '../api/use-deal-actions.ts';
import { DEAL_FAILURES, ORDER_DETAIL } from '../texts.ts';
import { ConfirmMoveDialog } from './confirm-move-dialog.tsx';

/**
 * What each side may do with an order now: the seller marks a confirmed order fulfilled (or
 * schedules it, in the fulfilment section), a scheduled one in transit and that one fulfilled; the
 * buyer marks a fulfilled one completed; either cancels it, with a reason, until it is in transit.
 * The server checks the same rules.
 */
function movesFor(order: OrderDto, viewer: DealParty): OrderStatusChange[] {
  const seller = viewer === 'seller';
  switch (order.status) {
    case 'confirmed':
      return seller ? ['fulfilled', 'cancelled'] : ['cancelled'];
    case 'scheduled':
      return seller ? ['in_transit', 'cancelled'] : ['cancelled'];
    case 'in_transit':
      return seller ? ['fulfilled'] : [];
    case 'fulfilled':
      return seller ? [] : ['completed'];
    default:
      return [];
  }
}

/** The reason field read as POST /orders/{id}/status's body for a cancellation, which needs one. */
const cancelReason = z
  .object({ reason: z.string() })
  .transform(({ reason }): z.input<typeof orderStatusSchema> => ({ status: 'cancelled', reason }))
  .pipe(orderStatusSchema);

const LABELS: Record<OrderStatusChange, string> = {
  in_transit: ORDER_DETAIL.markInTransit,
  fulfilled: ORDER_DETAIL.markFulfilled,
  completed: ORDER_DETAIL.markCompleted,
  cancelled: ORDER_DETAIL.cancel,
};

const DIALOGS: Record<OrderStatusChange, { title: string; body: string; confirm: string }> = {
  in_transit: {
    title: ORDER_DETAIL.inTransitTitle,
    body: ORDER_DETAIL.inTransitBody,
    confirm: ORDER_DETAIL.markInTransit,
  },
  fulfilled: {
    title: ORDER_DETAIL.fulfilledTitle,
    body: ORDER_DETAIL.fulfilledBody,
    confirm: ORDER_DETAIL.markFulfilled,
  },
  completed: {
    title: ORDER_DETAIL.completedTitle,
    body: ORDER_DETAIL.completedBody,
    confirm: ORDER_DETAIL.markCompleted,
  },
  cancelled: {
    title: ORDER_DETAIL.cancelTitle,
    body: ORDER_DETAIL.cancelBody,
    confirm: ORDER_DETAIL.cancelConfirm,
  },
};

export function OrderActions({ order, viewer }: { order: OrderDto; viewer: DealParty }) {
  const [move, setMove] = useState<OrderStatusChange | null>(null);
  const change = useChangeOrderStatus();
  const moves = movesFor(order, viewer);
  if (moves.length === 0) return null;

  return (
    <div className="flex flex-wrap gap-2">
      {moves.map((status) => (
        <Button
          key={status}
          variant={status === 'cancelled' ? 'secondary' : 'primary'}
          onClick={() => setMove(status)}
        >
          {LABELS[status]}
        </Button>
      ))}
      {moves.map((status) => (
        <ConfirmMoveDialog
          key={status}
          open={move === status}
          onClose={() => setMove(null)}
          title={DIALOGS[status].title}
          confirmLabel={DIALOGS[status].confirm}
          cancelLabel={status === 'cancelled' ? ORDER_DETAIL.keep : ORDER_DETAIL.notYet}
          variant={status === 'cancelled' ? 'danger' : 'primary'}
          reason={
            status === 'cancelled'
              ? { label: ORDER_DETAIL.reason, schema: cancelReason, required: true }
              : undefined
          }
          failure={DEAL_FAILURES.orderAction}
          onConfirm={(reason) =>
            change.mutateAsync({ id: order._id, change: reason ? { status, reason } : { status } })
          }
        >
          {DIALOGS[status].body}
        </ConfirmMoveDialog>
      ))}
    </div>
  );
}
