import type { Role, UserStatus } from '@canopy/shared';
import { hashPassword } from '../lib/passwords.ts';
import { uuidv7 } from '../lib/ids.ts';
import type { Db } from './client.ts';
import { type UserRow, users } from './schema/index.ts';

// Builders for rows that tests and the demo seed both need, so both make data the same way.

export interface UserSeed {
  email?: string;
  password?: string;
  role?: Role;
  status?: UserStatus;
  emailVerified?: boolean;
  businessName?: string;
  contactName?: string;
  licenseNumber?: string;
  licenseType?: string;
  licenseDocumentKey?: string | null;
  county?: string;
  city?: string;
  zipCode?: string;
}

let sequence = 0;

export async function insertUser(db: Db, seed: UserSeed = {}): Promise<UserRow> {
  sequence += 1;
  const role = seed.role ?? 'buyer';
  const [row] = await db
    .insert(users)
    .values({
      id: uuidv7(),
      email: (seed.email ?? `${role}${sequence}-${Date.now()}@example.com`).toLowerCase(),
      passwordHash: await hashPassword(seed.password ?? 'password123'),
      role,
      status: seed.status ?? 'verified',
      emailVerified: seed.emailVerified ?? true,
      businessName: seed.businessName ?? `Test ${role} business ${sequence}`,
      contactName: seed.contactName ?? `Test Person ${sequence}`,
      phone: '(916) 555-0100',
      licenseNumber: seed.licenseNumber ?? `C11-${String(1000000 + sequence).padStart(7, '0')}-LIC`,
      licenseType: seed.licenseType ?? (role === 'seller' ? 'Adult-Use Cultivation' : 'Adult-Use Retail'),
      licenseDocumentKey: seed.licenseDocumentKey ?? null,
      licenseDocumentType: seed.licenseDocumentKey ? 'application/pdf' : null,
      street: '100 Main Street',
      city: seed.city ?? 'Sacramento',
      county: seed.county ?? 'Sacramento',
      zipCode: seed.zipCode ?? '95814',
    })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

/** The smallest well-formed PDF: enough for byte sniffing and for a browser to open. */
export function samplePdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${44 + text.length} >>\nstream\nBT /F1 18 Tf 72 720 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
