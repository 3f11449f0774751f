import { z } from 'zod';

/** A premises' address as the API answers it: on orders, invoices, manifests and distributors. */
export const addressSchema = z.object({
  street: z.string(),
  city: z.string(),
  county: z.string(),
  state: z.string(),
  zipCode: z.string(),
});
