// The option lists of SPEC §3 and the constants every feature shares. A feature's own numbers
// live in its `limits.ts` (listings/limits.ts, messaging/limits.ts, …), next to its schemas.

export const MAX_PAGE_BUTTONS = 5;
export const ADMIN_RECENT_USERS = 5;
export const DISPLAY_TIME_ZONE = 'America/Los_Angeles';

export const TOAST_MS = {
  success: 6000,
  error: 12000,
  warning: 8000,
  networkError: 15000,
  validationError: 10000,
  authError: 15000,
  default: 8000,
} as const;

export const ROLES = ['admin', 'seller', 'buyer'] as const;
export type Role = (typeof ROLES)[number];
export const REGISTRATION_ROLES = ['buyer', 'seller'] as const;
export type RegistrationRole = (typeof REGISTRATION_ROLES)[number];

export const USER_STATUSES = ['pending', 'verified', 'rejected', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const PRODUCT_CATEGORIES = [
  'flower',
  'concentrate',
  'edible',
  'topical',
  'pre-roll',
  'vape',
  'tincture',
  'other',
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** How a category reads on screens and in mails. */
export const PRODUCT_CATEGORY_LABELS: Record<ProductCategory, string> = {
  flower: 'Flower',
  concentrate: 'Concentrate',
  edible: 'Edible',
  topical: 'Topical',
  'pre-roll': 'Pre-Roll',
  vape: 'Vape',
  tincture: 'Tincture',
  other: 'Other',
};

/** SPEC's four sorts, then price per pound (listings without a price, offers only, sort last). */
export const PRODUCT_SORTS = [
  'newest',
  'oldest',
  'name_asc',
  'name_desc',
  'price_asc',
  'price_desc',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

const LICENSE_USES = ['Adult-Use', 'Medicinal'] as const;
const LICENSE_ACTIVITIES = [
  'Cultivation',
  'Manufacturing',
  'Distribution',
  'Retail',
  'Testing Laboratory',
] as const;
/** The 10 registration license types: each use combined with each activity. */
export const LICENSE_TYPES: readonly string[] = LICENSE_USES.flatMap((use) =>
  LICENSE_ACTIVITIES.map((activity) => `${use} ${activity}`),
);
/** The profile screen's separate reading of license type (SPEC §3: both occur). */
export const PROFILE_LICENSE_TYPES = ['Adult-Use', 'Medicinal', 'Adult-Use and Medicinal'] as const;
/** Every license type value the API accepts, from either form. */
export const ACCEPTED_LICENSE_TYPES: readonly string[] = [...LICENSE_TYPES, ...PROFILE_LICENSE_TYPES];

export const PROFILE_STATES = [{ value: 'CA', label: 'California' }] as const;

export const CALIFORNIA_COUNTIES = [
  'Alameda',
  'Alpine',
  'Amador',
  'Butte',
  'Calaveras',
  'Colusa',
  'Contra Costa',
  'Del Norte',
  'El Dorado',
  'Fresno',
  'Glenn',
  'Humboldt',
  'Imperial',
  'Inyo',
  'Kern',
  'Kings',
  'Lake',
  'Lassen',
  'Los Angeles',
  'Madera',
  'Marin',
  'Mariposa',
  'Mendocino',
  'Merced',
  'Modoc',
  'Mono',
  'Monterey',
  'Napa',
  'Nevada',
  'Orange',
  'Placer',
  'Plumas',
  'Riverside',
  'Sacramento',
  'San Benito',
  'San Bernardino',
  'San Diego',
  'San Francisco',
  'San Joaquin',
  'San Luis Obispo',
  'San Mateo',
  'Santa Barbara',
  'Santa Clara',
  'Santa Cruz',
  'Shasta',
  'Sierra',
  'Siskiyou',
  'Solano',
  'Sonoma',
  'Stanislaus',
  'Sutter',
  'Tehama',
  'Trinity',
  'Tulare',
  'Tuolumne',
  'Ventura',
  'Yolo',
  'Yuba',
] as const;

export const NOTIFICATION_DEFAULTS = {
  newMessages: true,
  listingInterest: true,
  marketingEmails: false,
  weeklyDigest: true,
} as const;
