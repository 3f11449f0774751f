import { z } from 'zod';
import { addressSchema } from '../common/address.ts';

// How a scheduled order travels, as the order answers it (issue 23 item 3). Kept apart from the
// fulfilment feature's other shapes because the Order shape (deals/schemas.ts) carries it, and
// those shapes read the deals' own constants.

export const DISTRIBUTOR_SOURCES = ['own', 'registry'] as const;

export const fulfilmentSchema = z.object({
  /** The distributor of record, as checked when the order was (last) scheduled. */
  distributor: z.object({
    businessName: z.string(),
    licenseNumber: z.string(),
    licenseType: z.string(),
    address: addressSchema,
    /** `own`: the seller's own distributor license; `registry`: found active in the state registry. */
    source: z.enum(DISTRIBUTOR_SOURCES),
  }),
  pickupAt: z.string(),
  estimatedArrivalAt: z.string(),
  driverName: z.string(),
  driverLicenseNumber: z.string(),
  vehicleMake: z.string(),
  vehicleModel: z.string(),
  vehiclePlate: z.string(),
  packages: z.array(z.object({ uid: z.string(), quantityLbs: z.number() })),
  scheduledAt: z.string(),
});
export type FulfilmentDto = z.infer<typeof fulfilmentSchema>;
