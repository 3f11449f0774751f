import { PACKAGES_PER_ORDER_MAX } from './limits.ts';

// Every text a person reads about scheduling, invoices and manifests (issue 23): the API's
// refusals and the web's toasts.

export const SCHEDULE_RULES = {
  distributorRequired: 'Distributor license number is required',
  pickupRequired: 'Pick-up time must be a date and time',
  arrivalRequired: 'Estimated arrival must be a date and time',
  arrivalBeforePickup: 'Estimated arrival must be after the pick-up time',
  driverNameRequired: 'Driver name is required',
  driverLicenseRequired: "Driver's license number is required",
  driverLicenseInvalid: "Driver's license number must be 4 to 20 letters or digits",
  vehicleMakeRequired: 'Vehicle make is required',
  vehicleModelRequired: 'Vehicle model is required',
  vehiclePlateRequired: 'Vehicle plate is required',
  vehiclePlateInvalid: 'Vehicle plate must be 2 to 10 letters, digits, spaces or dashes',
  packagesRequired: 'Name at least one package',
  packagesTooMany: `A transfer may carry at most ${PACKAGES_PER_ORDER_MAX} packages`,
  packageUidInvalid: 'Package UID must be 1A4 followed by 21 capital letters or digits',
  packageUidRepeated: 'Each package UID may appear only once',
  discountInvalid: 'Discount must be a number of dollars, 0 or more, with at most 2 decimal places',
  lineRequired: 'Name at least one invoice line to correct',
  lineRepeated: 'Each invoice line may be corrected only once',
} as const;

export const FULFILMENT = {
  onlySellerSchedules: 'Only the seller can schedule an order',
  onlySellerCorrects: 'Only the seller can correct an invoice',
  onlySellerShips: 'Only the seller can mark an order in transit',
  /** The order has left: its schedule and its invoice are what the state was told (B&P §26161). */
  frozenInTransit:
    'This order has left with its distributor, so its schedule and invoice can no longer change (B&P §26161)',
  cannotSchedule: (status: string) =>
    `An order that is ${status} can no longer be scheduled or have its invoice corrected`,
  packagesDontAddUp: (packages: string, order: string) =>
    `The packages add up to ${packages}, but the order is for ${order}`,
  packageNotOnLot: (uid: string) => `Package ${uid} is not one of this lot's packages`,
  distributorUnknown: (license: string) =>
    `License ${license} is not in the state's license registry, so it cannot be the distributor of record`,
  distributorInactive: (license: string, status: string) =>
    `License ${license} is ${status} in the state's license registry, so it cannot be the distributor of record`,
  distributorExpired: (license: string) =>
    `License ${license} has expired in the state's license registry, so it cannot be the distributor of record`,
  distributorNotDistribution: (license: string, type: string) =>
    `License ${license} is a ${type} license, not a distributor's, so it cannot be the distributor of record`,
  invoiceNotIssued: 'No invoice has been issued for this order yet: it is issued when the order is scheduled',
  notScheduled: 'This order has not been scheduled, so it has no manifest yet',
  lineNotOnInvoice: (position: number) => `The invoice has no line ${position}`,
  discountTooLarge: (position: number, amount: string) =>
    `The discount on line ${position} cannot be more than the line's ${amount}`,
  // Toasts and words of the web app.
  scheduled: 'Delivery scheduled and invoice issued',
  rescheduled: 'Delivery rescheduled and a corrected invoice issued',
  corrected: 'Corrected invoice issued',
} as const;

/** How the wire's payment terms read to a person. */
export const PAYMENT_TERMS_LABELS = {
  cod: 'Cash on delivery',
  net7: 'Net 7 days',
  net15: 'Net 15 days',
  net30: 'Net 30 days',
} as const;
