import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** One license a company holds, as the company page shows it. */
export interface CompanyLicense {
  id: string;
  licenseNumber: string;
  licenseType: string;
  address: { street: string; city: string; county: string; state: string; zipCode: string };
  status: 'pending' | 'verified' | 'rejected' | 'suspended';
  /** The main license is the one registration gave; it lives on the company's own row (decision 201). */
  main: boolean;
}

/**
 * The licenses a company holds, the main one first. The main license's id is the company's id, as
 * the company's own id is its founding login's (decision 201).
 */
export async function companyLicenses(db: Db, companyId: string): Promise<CompanyLicense[]> {
  const [company] = await db.select().from(users).where(eq(users.id, companyId)).limit(1);
  if (!company) return [];
  return [
    {
      id: company.id,
      licenseNumber: company.licenseNumber,
      licenseType: company.licenseType,
      address: {
        street: company.street,
        city: company.city,
        county: company.county,
        state: company.state,
        zipCode: company.zipCode,
      },
      status: company.status,
      main: true,
    },
  ];
}
