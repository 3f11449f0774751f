import type { OfferStatus, OrderStatus } from '@canopy/shared';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';
import { OFFER_STATUS_LABELS, ORDER_STATUS_LABELS } from '../texts.ts';

const OFFER_TONES: Record<OfferStatus, BadgeTone> = {
  open: 'info',
  countered: 'neutral',
  accepted: 'success',
  declined: 'danger',
  withdrawn: 'neutral',
  expired: 'warning',
  awaiting_approval: 'warning',
};

const ORDER_TONES: Record<OrderStatus, BadgeTone> = {
  confirmed: 'info',
  scheduled: 'info',
  in_transit: 'warning',
  fulfilled: 'warning',
  completed: 'success',
  cancelled: 'danger',
};

export const OfferStatusBadge = ({ status }: { status: OfferStatus }) => (
  <Badge tone={OFFER_TONES[status]}>{OFFER_STATUS_LABELS[status]}</Badge>
);

export const OrderStatusBadge = ({ status }: { status: OrderStatus }) => (
  <Badge tone={ORDER_TONES[status]}>{ORDER_STATUS_LABELS[status]}</Badge>
);
