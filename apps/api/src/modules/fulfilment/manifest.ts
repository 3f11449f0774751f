import { DISPLAY_TIME_ZONE, FULFILMENT, formatLbs, formatUsd, roundCents } from '@canopy/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type DistributorSnapshot,
  invoices,
  listings,
  type OrderPartySnapshot,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { BRAND, MUTED, newPaper, type OrderView, PAGE, party, RIGHT_COLUMN, when } from '../deals/index.ts';
import { addressLine, receivingPremises, shipsFromPremises } from './premises.ts';

// The transport manifest of a scheduled order (issue 23 item 6), as 4 CCR §15047.1 asks a
// shipping manifest to read: the shipper, the distributor that transports and the receiver (names,
// license numbers, premises), the driver's name and licence number, the vehicle's make, model and
// plate, the departure and the estimated arrival, and each package. The CSV is the same data laid
// out one row per package, in the columns a licensee types into a Metrc transfer. Canopy prepares
// the transfer; the licensee records it in Metrc (decision 217).

interface ManifestPackage {
  uid: string;
  item: string;
  quantityLbs: number;
  /** The package's share of the invoiced total, by weight. */
  wholesaleValue: number;
}

export interface Manifest {
  orderNumber: string;
  invoiceNumber: string | null;
  shipper: OrderPartySnapshot;
  distributor: DistributorSnapshot;
  receiver: OrderPartySnapshot;
  driverName: string;
  driverLicenseNumber: string;
  vehicle: { make: string; model: string; plate: string };
  departure: Date;
  estimatedArrival: Date;
  packages: ManifestPackage[];
}

export async function manifestOf(db: Db, order: OrderView): Promise<Manifest> {
  const fulfilment = order.fulfilment;
  if (!fulfilment) throw notFound(FULFILMENT.notScheduled);
  const [invoice] = await db
    .select({ number: invoices.number, total: invoices.total })
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), isNull(invoices.supersededAt)))
    .limit(1);
  const linesTotal = roundCents(order.lines.reduce((sum, line) => sum + line.total, 0));
  const billed = invoice?.total ?? linesTotal;
  const pounds = order.lines.reduce((sum, line) => sum + line.quantityLbs, 0);
  const itemOf = await packageItems(db, order);
  return {
    orderNumber: order.number,
    invoiceNumber: invoice?.number ?? null,
    shipper: await shipsFromPremises(db, order),
    distributor: fulfilment.distributor,
    receiver: await receivingPremises(db, order),
    driverName: fulfilment.driverName,
    driverLicenseNumber: fulfilment.driverLicenseNumber,
    vehicle: { make: fulfilment.vehicleMake, model: fulfilment.vehicleModel, plate: fulfilment.vehiclePlate },
    departure: fulfilment.pickupAt,
    estimatedArrival: fulfilment.estimatedArrivalAt,
    packages: fulfilment.packages.map((item) => ({
      uid: item.uid,
      item: itemOf(item.uid),
      quantityLbs: item.quantityLbs,
      wholesaleValue: roundCents((billed * item.quantityLbs) / pounds),
    })),
  };
}

/**
 * Which line's lot a package is (issue 25: an order of several lots): the line whose lot lists the
 * package, else the first line, as a one-lot order's packages always are.
 */
async function packageItems(db: Db, order: OrderView): Promise<(uid: string) => string> {
  const ids = order.lines.map((line) => line.listingId).filter((id): id is string => id !== null);
  const lots =
    order.lines.length > 1 && ids.length > 0
      ? await db
          .select({ id: listings.id, packageUids: listings.packageUids })
          .from(listings)
          .where(inArray(listings.id, ids))
      : [];
  return (uid) => {
    const lot = lots.find((candidate) => candidate.packageUids.includes(uid));
    const line = lot && order.lines.find((candidate) => candidate.listingId === lot.id);
    return line?.listingTitle ?? order.listingTitle;
  };
}

// ---- CSV ----

/** Metrc's name of the unit the quantities are in. */
const METRC_UNIT = 'Pounds';

const CSV_COLUMNS = [
  'Package UID',
  'Item',
  'Quantity',
  'Unit of Measure',
  'Wholesale Value',
  'Shipper Name',
  'Shipper License',
  'Shipper Address',
  'Distributor Name',
  'Distributor License',
  'Distributor Address',
  'Receiver Name',
  'Receiver License',
  'Receiver Address',
  'Driver Name',
  'Driver License',
  'Vehicle Make',
  'Vehicle Model',
  'Vehicle Plate',
  'Departure (Pacific)',
  'Estimated Arrival (Pacific)',
];

/** Quoted always; a leading = + - @ is defused so a spreadsheet shows the text, never runs it. */
const csvCell = (value: string) =>
  `"${(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value).replace(/"/g, '""')}"`;

/** "2026-12-01 09:30": a Pacific moment as Metrc's transfer form takes it. */
function pacificMinute(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: DISPLAY_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

export function manifestCsv(manifest: Manifest): string {
  const { shipper, distributor, receiver } = manifest;
  const rows = manifest.packages.map((item) =>
    [
      item.uid,
      item.item,
      item.quantityLbs.toFixed(2),
      METRC_UNIT,
      item.wholesaleValue.toFixed(2),
      shipper.businessName,
      shipper.licenseNumber,
      addressLine(shipper),
      distributor.businessName,
      distributor.licenseNumber,
      addressLine(distributor),
      receiver.businessName,
      receiver.licenseNumber,
      addressLine(receiver),
      manifest.driverName,
      manifest.driverLicenseNumber,
      manifest.vehicle.make,
      manifest.vehicle.model,
      manifest.vehicle.plate,
      pacificMinute(manifest.departure),
      pacificMinute(manifest.estimatedArrival),
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[CSV_COLUMNS.map(csvCell).join(','), ...rows].join('\r\n')}\r\n`;
}

// ---- PDF ----

export async function manifestPdf(manifest: Manifest): Promise<Uint8Array> {
  const { pdf, w } = await newPaper(`Transport manifest ${manifest.orderNumber}`, manifest.departure);
  const total = roundCents(manifest.packages.reduce((sum, item) => sum + item.wholesaleValue, 0));
  w.text('Canopy', { bold: true, size: 14, color: BRAND });
  w.text(`Transport manifest, order ${manifest.orderNumber}`, { bold: true, size: 20 });
  if (manifest.invoiceNumber) w.text(`Invoice ${manifest.invoiceNumber}`, { color: MUTED });
  w.gap();
  w.rule();
  w.columns(
    (left) => party(left, 'SHIPPER (ORIGIN)', manifest.shipper, PAGE.margin),
    (right) => party(right, 'RECEIVER (DESTINATION)', manifest.receiver, RIGHT_COLUMN),
  );
  w.gap();
  w.rule();
  party(w, 'DISTRIBUTOR (TRANSPORTER)', manifest.distributor, PAGE.margin);
  w.gap();
  w.text(`Driver: ${manifest.driverName}, driver's license ${manifest.driverLicenseNumber}`);
  w.text(`Vehicle: ${manifest.vehicle.make} ${manifest.vehicle.model}, plate ${manifest.vehicle.plate}`);
  w.text(`Departure: ${when(manifest.departure)} (Pacific time)`);
  w.text(`Estimated arrival: ${when(manifest.estimatedArrival)} (Pacific time)`);
  w.gap();
  w.rule();
  w.text('Packages', { bold: true, size: 13 });
  for (const item of manifest.packages) {
    w.text(`${item.uid}`, { bold: true });
    w.text(
      `${item.item}: ${formatLbs(item.quantityLbs)}, wholesale value ${formatUsd(item.wholesaleValue)}`,
      {
        x: PAGE.margin + 14,
      },
    );
  }
  w.gap();
  w.rule();
  w.text(
    'Prepared on Canopy from the scheduled order. The licensee records this transfer in the state track-and-trace system (Metrc); Canopy does not.',
    { size: 9, color: MUTED },
  );
  w.numberPages({ number: manifest.orderNumber, total }, 'Manifest for order');
  return pdf.save();
}
