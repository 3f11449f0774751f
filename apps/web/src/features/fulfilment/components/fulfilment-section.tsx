import { type DealParty, type FulfilmentDto, formatLbs, formatUsd, type OrderDto } from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Term } from '@/features/deals';
import { formatPacificDateTime } from '@/lib/time.ts';
import {
  invoiceQueryOptions,
  saveInvoicePdf,
  saveManifestCsv,
  saveManifestPdf,
} from '../api/fulfilment-api.ts';
import { CORRECTION_FORM, FULFILMENT_SECTION, INVOICE_STATUS_LABELS } from '../texts.ts';

// The order page's delivery and invoice section (issue 23): the seller schedules (and, until the
// order is in transit, reschedules) the delivery; both sides see the distributor, the transport and
// the packages, download the invoice and the manifest, and see every version of the invoice; the
// seller may correct the invoice (a line discount) until the goods leave.

const ScheduleDialog = lazy(() =>
  import('./schedule-dialog.tsx').then((module) => ({ default: module.ScheduleDialog })),
);
const CorrectionDialog = lazy(() =>
  import('./correction-dialog.tsx').then((module) => ({ default: module.CorrectionDialog })),
);

/** Until the goods leave, the seller may (re)schedule. */
const mayScheduleNow = (order: OrderDto) => order.status === 'confirmed' || order.status === 'scheduled';

const moment = (iso: string) => formatPacificDateTime(iso);

function Transport({ fulfilment }: { fulfilment: FulfilmentDto }) {
  const { distributor } = fulfilment;
  return (
    <dl className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Term label={FULFILMENT_SECTION.distributor} className="sm:col-span-2">
        {distributor.businessName} ({distributor.licenseNumber})
        <span className="block text-xs font-normal text-slate-600">
          {distributor.source === 'own'
            ? FULFILMENT_SECTION.ownLicense
            : FULFILMENT_SECTION.registryActive(distributor.licenseType)}
        </span>
      </Term>
      <Term label={FULFILMENT_SECTION.pickup}>{moment(fulfilment.pickupAt)}</Term>
      <Term label={FULFILMENT_SECTION.arrival}>{moment(fulfilment.estimatedArrivalAt)}</Term>
      <Term label={FULFILMENT_SECTION.driver}>
        {FULFILMENT_SECTION.driverLine(fulfilment.driverName, fulfilment.driverLicenseNumber)}
      </Term>
      <Term label={FULFILMENT_SECTION.vehicle}>
        {FULFILMENT_SECTION.vehicleLine(
          fulfilment.vehicleMake,
          fulfilment.vehicleModel,
          fulfilment.vehiclePlate,
        )}
      </Term>
      <Term label={FULFILMENT_SECTION.packages} className="sm:col-span-2">
        <ul className="space-y-0.5">
          {fulfilment.packages.map((item) => (
            <li key={item.uid} className="font-mono text-xs">
              {item.uid} · {formatLbs(item.quantityLbs)}
            </li>
          ))}
        </ul>
      </Term>
    </dl>
  );
}

function Invoice({ order, seller }: { order: OrderDto; seller: boolean }) {
  // A member whose role may not read invoices is refused by the server; the section then says nothing of it.
  const invoice = useQuery(invoiceQueryOptions(order._id));
  const [correcting, setCorrecting] = useState(false);
  if (!invoice.data) return null;
  const { data } = invoice;
  return (
    <div className="mt-5 space-y-3 border-t border-slate-200 pt-4">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <Term label={FULFILMENT_SECTION.invoice}>
          {FULFILMENT_SECTION.invoiceLine(data.number, data.version)}
        </Term>
        <Term label={FULFILMENT_SECTION.balance}>
          {formatUsd(data.balance)} · {INVOICE_STATUS_LABELS[data.status]}
        </Term>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => void saveInvoicePdf(order, data.number)}>
          {FULFILMENT_SECTION.invoicePdf}
        </Button>
        {seller && mayScheduleNow(order) && (
          <Button variant="secondary" size="sm" onClick={() => setCorrecting(true)}>
            {CORRECTION_FORM.open}
          </Button>
        )}
      </div>
      {correcting && (
        <Suspense fallback={null}>
          <CorrectionDialog orderId={order._id} invoice={data} open onClose={() => setCorrecting(false)} />
        </Suspense>
      )}
      <section aria-labelledby={`invoice-versions-${order._id}`}>
        <h3 id={`invoice-versions-${order._id}`} className="text-sm font-semibold text-slate-900">
          {FULFILMENT_SECTION.versions}
        </h3>
        <ol className="mt-1 space-y-0.5 text-sm text-slate-700">
          {data.versions.map((version) => (
            <li key={version.version}>
              {FULFILMENT_SECTION.versionLine(
                version.version,
                moment(version.issuedAt),
                formatUsd(version.total),
              )}
              {' · '}
              {version.supersededAt
                ? FULFILMENT_SECTION.superseded(moment(version.supersededAt))
                : FULFILMENT_SECTION.current}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

export function FulfilmentSection({ order, viewer }: { order: OrderDto; viewer: DealParty | null }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const { fulfilment } = order;
  const seller = viewer === 'seller';
  if (!fulfilment && order.status !== 'confirmed') return null;

  return (
    <Card className="p-5">
      <section aria-labelledby={`fulfilment-${order._id}`}>
        <h2 id={`fulfilment-${order._id}`} className="text-base font-semibold text-slate-900">
          {FULFILMENT_SECTION.title}
        </h2>
        {fulfilment ? (
          <>
            <Transport fulfilment={fulfilment} />
            <div className="mt-4 flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={() => void saveManifestPdf(order)}>
                {FULFILMENT_SECTION.manifestPdf}
              </Button>
              <Button variant="secondary" size="sm" onClick={() => void saveManifestCsv(order)}>
                {FULFILMENT_SECTION.manifestCsv}
              </Button>
            </div>
            <p className="mt-2 text-xs text-slate-600">{FULFILMENT_SECTION.metrcNote}</p>
            <Invoice order={order} seller={seller} />
          </>
        ) : (
          <p className="mt-2 text-sm text-slate-600">
            {seller ? FULFILMENT_SECTION.notScheduled : FULFILMENT_SECTION.waitingForSeller}
          </p>
        )}
        {seller && mayScheduleNow(order) && (
          <Button
            className="mt-4"
            onClick={() => {
              setOpened(true);
              setOpen(true);
            }}
          >
            {fulfilment ? FULFILMENT_SECTION.reschedule : FULFILMENT_SECTION.schedule}
          </Button>
        )}
      </section>
      {opened && (
        <Suspense fallback={null}>
          <ScheduleDialog order={order} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </Card>
  );
}
