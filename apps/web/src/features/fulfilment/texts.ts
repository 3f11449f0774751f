// Words of the order page's fulfilment section (issue 23) that packages/shared does not fix. The
// API's refusals and the toasts come from @canopy/shared (SCHEDULE_RULES, FULFILMENT).

export const FULFILMENT_SECTION = {
  title: 'Delivery and invoice',
  notScheduled: 'Not scheduled yet. Schedule the delivery to name the distributor and issue the invoice.',
  waitingForSeller: 'The seller has not scheduled the delivery yet.',
  schedule: 'Schedule delivery',
  reschedule: 'Reschedule delivery',
  distributor: 'Distributor of record',
  ownLicense: "The seller's own distributor license",
  registryActive: (type: string) => `Active ${type} license in the state registry`,
  pickup: 'Pick-up',
  arrival: 'Estimated arrival',
  driver: 'Driver',
  driverLine: (name: string, license: string) => `${name}, license ${license}`,
  vehicle: 'Vehicle',
  vehicleLine: (make: string, model: string, plate: string) => `${make} ${model}, plate ${plate}`,
  packages: 'Packages',
  invoice: 'Invoice',
  invoiceLine: (number: string, version: number) => `${number}, version ${version}`,
  balance: 'Balance',
  versions: 'Invoice versions',
  versionLine: (version: number, issued: string, total: string) =>
    `Version ${version}, issued ${issued}, ${total}`,
  current: 'current',
  superseded: (when: string) => `superseded ${when}`,
  invoicePdf: 'Invoice (PDF)',
  manifestPdf: 'Manifest (PDF)',
  manifestCsv: 'Manifest for Metrc (CSV)',
  downloadFailed: 'Failed to download the file',
  metrcNote: 'Canopy prepares the transfer; record it in Metrc yourself with the manifest CSV.',
} as const;

export const INVOICE_STATUS_LABELS = {
  open: 'Open',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  overdue: 'Overdue',
} as const;

export const CORRECTION_FORM = {
  open: 'Correct invoice',
  title: 'Correct the invoice',
  intro: 'Set a discount on a line. A new version is issued under the same number; the old one is kept.',
  discount: (line: number, description: string) => `Discount on line ${line}: ${description} (USD)`,
  reason: 'Reason',
  reasonHint: 'Optional. Kept in the record of the correction.',
  submit: 'Issue Corrected Invoice',
  cancel: 'Cancel',
  failed: 'Failed to correct the invoice',
} as const;

export const SCHEDULE_FORM = {
  title: 'Schedule delivery',
  rescheduleTitle: 'Reschedule delivery',
  intro: (quantity: string) =>
    `Name the licensed distributor that carries the goods, the transport, and the Metrc packages that make up the order's ${quantity}.`,
  distributor: 'Distributor license number',
  distributorHint: 'Your own distributor license, or one the state registry lists as active Distribution.',
  pickupAt: 'Pick-up time',
  arrivalAt: 'Estimated arrival',
  driverName: 'Driver name',
  driverLicense: "Driver's license number",
  vehicleMake: 'Vehicle make',
  vehicleModel: 'Vehicle model',
  vehiclePlate: 'Vehicle plate',
  packages: 'Packages',
  packageUid: (n: number) => `Package ${n} UID`,
  packageQuantity: (n: number) => `Package ${n} quantity (lbs)`,
  addPackage: 'Add package',
  removePackage: (n: number) => `Remove package ${n}`,
  submit: 'Schedule and Issue Invoice',
  resubmit: 'Reschedule and Reissue Invoice',
  cancel: 'Cancel',
  failed: 'Failed to schedule the delivery',
} as const;
