import type { CompanyRole, Role, UserStatus } from '@canopy/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  companyMembers,
  type ListingRow,
  listingMedia,
  listings,
  productTypes,
  type UserRow,
  users,
} from '../db/schema/index.ts';
import { uuidv7 } from '../lib/ids.ts';
import { hashPassword } from '../lib/passwords.ts';
import { foundCompany } from '../modules/companies/founding.ts';

// Builders for rows that tests and the demo seed both need, so both make data the same way
// (operator/create-admin makes its account with insertUser too).

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
  /** An authenticator key: the account then signs in with a second factor (decision 195). */
  twoFactorSecret?: string | null;
}

let sequence = 0;

export async function insertUser(db: Db, seed: UserSeed = {}): Promise<UserRow> {
  const row = await insertLogin(db, seed);
  if (row.role !== 'admin') await foundCompany(db, row.id);
  return row;
}

/** A users row alone: a login that belongs to no company yet. */
async function insertLogin(db: Db, seed: UserSeed): Promise<UserRow> {
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
      twoFactorSecret: seed.twoFactorSecret ?? null,
      twoFactorEnabledAt: seed.twoFactorSecret ? new Date() : null,
    })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export interface MemberSeed extends UserSeed {
  /** A purchasing member's ceiling per offer, in dollars. */
  orderLimit?: number | null;
}

/**
 * A login that joins an existing company with a role, as an accepted invitation makes one: its own
 * users row for signing in (of the company's side), never used as a party id (decision 201).
 */
export async function insertMember(
  db: Db,
  companyId: string,
  role: CompanyRole,
  seed: MemberSeed = {},
): Promise<UserRow> {
  const [company] = await db.select({ role: users.role }).from(users).where(eq(users.id, companyId)).limit(1);
  if (!company) throw new Error(`no company ${companyId}`);
  const login = await insertLogin(db, { role: company.role, ...seed });
  await db.insert(companyMembers).values({
    userId: login.id,
    companyId,
    role,
    orderLimit: seed.orderLimit == null ? null : String(seed.orderLimit),
    addedBy: companyId,
  });
  return login;
}

export interface ListingSeed {
  /** Given when files were stored under the listing's id before its row exists. */
  id?: string;
  title?: string;
  description?: string;
  /** A seeded product type's name. */
  productType?: string;
  strain?: string | null;
  thcContent?: number | null;
  cbdContent?: number | null;
  zipCode?: string;
  quantityLbs?: number;
  makeOffer?: boolean;
  askingPrice?: number | null;
  negotiable?: boolean;
  tested?: boolean;
  testLink?: string | null;
  /** A lab result already in the public store. */
  testUpload?: { key: string; type: string; name: string } | null;
  isActive?: boolean;
  viewsCount?: number;
  createdAt?: Date;
}

/** A listing row of the seller's, without media; its seller copies are taken from the seller row. */
export async function insertListing(db: Db, seller: UserRow, seed: ListingSeed = {}): Promise<ListingRow> {
  sequence += 1;
  const typeName = seed.productType ?? 'Flower - Indoor';
  const [type] = await db.select().from(productTypes).where(eq(productTypes.name, typeName)).limit(1);
  if (!type) throw new Error(`no product type named ${typeName}`);
  const makeOffer = seed.makeOffer ?? false;
  const createdAt = seed.createdAt ?? new Date();
  const [row] = await db
    .insert(listings)
    .values({
      id: seed.id ?? uuidv7(createdAt.getTime()),
      sellerId: seller.id,
      title: seed.title ?? `Test listing ${sequence}`,
      description: seed.description ?? `A test listing number ${sequence} with enough words to describe it.`,
      productTypeId: type.id,
      category: type.category,
      strain: seed.strain ?? null,
      thcContent: seed.thcContent ?? null,
      cbdContent: seed.cbdContent ?? null,
      zipCode: seed.zipCode ?? '95501',
      quantityLbs: seed.quantityLbs ?? 10,
      makeOffer,
      askingPrice: seed.askingPrice === undefined ? (makeOffer ? null : 1000) : seed.askingPrice,
      negotiable: makeOffer || (seed.negotiable ?? false),
      tested: seed.tested ?? false,
      testLink: seed.testLink ?? null,
      testUploadKey: seed.testUpload?.key ?? null,
      testUploadType: seed.testUpload?.type ?? null,
      testUploadName: seed.testUpload?.name ?? null,
      isActive: seed.isActive ?? true,
      viewsCount: seed.viewsCount ?? 0,
      sellerBusinessName: seller.businessName,
      sellerVerified: seller.status === 'verified',
      sellerCounty: seller.county,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  if (!row) throw new Error('listing insert returned nothing');
  return row;
}

/** Gallery rows for media already in the public store, in the order given. */
export async function insertListingMedia(
  db: Db,
  listingId: string,
  items: Omit<typeof listingMedia.$inferInsert, 'id' | 'listingId' | 'position'>[],
): Promise<void> {
  if (items.length === 0) return;
  await db
    .insert(listingMedia)
    .values(items.map((item, position) => ({ ...item, id: uuidv7(), listingId, position })));
}
