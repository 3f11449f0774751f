import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@canopy/shared';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';

const TONES: Record<InvoiceStatus, BadgeTone> = {
  open: 'info',
  partially_paid: 'warning',
  paid: 'success',
  overdue: 'danger',
};

export const InvoiceStatusBadge = ({ status }: { status: InvoiceStatus }) => (
  <Badge tone={TONES[status]}>{INVOICE_STATUS_LABELS[status]}</Badge>
);
