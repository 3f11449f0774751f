import type { LicenseVerdict } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { licenses } from '../../db/schema/licenses.ts';
import { classifyLicenseNumber } from './license-format.ts';
import { nameMatchLevel, nameSimilarity } from './name-match.ts';

export const UNKNOWN_FORMAT_WARNING =
  'This license number does not look like any California cannabis license format. Check it by hand.';

export async function licenseVerdict(
  db: Db,
  user: { licenseNumber: string; businessName: string },
  today = new Date().toISOString().slice(0, 10),
): Promise<LicenseVerdict> {
  const format = classifyLicenseNumber(user.licenseNumber);
  const verdict = {
    licenseNumber: format.normalised,
    format: {
      recognised: format.recognised,
      kind: format.kind,
      warning: format.recognised ? null : UNKNOWN_FORMAT_WARNING,
    },
  };
  const [row] = await db
    .select()
    .from(licenses)
    .where(eq(licenses.licenseNumber, format.normalised))
    .limit(1);
  if (!row) return { ...verdict, registry: { found: false } };
  const legal = nameSimilarity(user.businessName, row.legalName);
  const dba = nameSimilarity(user.businessName, row.dbaName);
  const score = Math.max(legal, dba);
  return {
    ...verdict,
    registry: {
      found: true,
      status: row.status,
      active: /^active$/i.test(row.status.trim()),
      licenseType: row.licenseType,
      legalName: row.legalName,
      dbaName: row.dbaName,
      county: row.county,
      issuedOn: row.issuedOn,
      expiresOn: row.expiresOn,
      expired: row.expiresOn !== null && row.expiresOn < today,
      nameMatch: {
        score: Math.round(score * 100) / 100,
        level: nameMatchLevel(score),
        matchedOn: dba > legal ? 'dba' : 'legal',
      },
    },
  };
}
