import { describeTerms, type OrderDto } from '@canopy/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { usePermissions } from '@/lib/auth/use-permissions.ts';
import { notify } from '@/lib/toast.ts';
import { reorder } from '../api/orders-api.ts';
import { dealsKeys } from '../api/query-keys.ts';
import { ORDER_AGAIN } from '../texts.ts';
import { ConfirmMoveDialog } from './confirm-move-dialog.tsx';

/**
 * "Order again" on the buyer's delivered order (issue 25 item 5): after a confirmation, the server
 * makes the offer, and the buyer lands in the conversation where the seller answers it. A sample
 * is not ordered again (the server says so too), and a member who may not buy has no button.
 */
export function OrderAgain({ order }: { order: OrderDto }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const client = useQueryClient();
  const mayBuy = usePermissions().may('offers:buy');
  const again = useMutation({
    mutationFn: () => reorder(order._id),
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await client.invalidateQueries({ queryKey: dealsKeys.all });
      await navigate(`/messages?c=${encodeURIComponent(answer.data.seller._id)}`);
    },
  });
  const delivered = order.status === 'fulfilled' || order.status === 'completed';
  const sample = order.lines.some((line) => line.priceSource === 'sample');
  if (!mayBuy || !delivered || sample) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>{ORDER_AGAIN.button}</Button>
      <ConfirmMoveDialog
        open={open}
        onClose={() => setOpen(false)}
        title={ORDER_AGAIN.title}
        confirmLabel={ORDER_AGAIN.confirm}
        cancelLabel={ORDER_AGAIN.cancel}
        failure={ORDER_AGAIN.failed}
        onConfirm={() => again.mutateAsync()}
      >
        {ORDER_AGAIN.body(order.seller.businessName, describeTerms(order))}
      </ConfirmMoveDialog>
    </>
  );
}
