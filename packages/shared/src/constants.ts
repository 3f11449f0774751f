// Business constants from SPEC §9, plus the option lists of SPEC §3. One place for every number
// and list the API and the web app must agree on.

export const UNREAD_REFRESH_MS = 30_000;
export const UNREAD_BADGE_CAP = 99;
export const BANNER_CONVERSATIONS_LISTED = 2;
export const BANNER_DISMISS_MS = 5 * 60_000;
export const PRODUCTS_PAGE_SIZE = 12;
export const HOME_FEATURED_COUNT = 8;
export const MAX_PAGE_BUTTONS = 5;
export const ADMIN_RECENT_USERS = 5;
export const PASSWORD_MIN = 6;
/** Upper bound that keeps argon2 hashing cheap and refuses absurd inputs; not a SPEC limit. */
export const PASSWORD_MAX = 200;
export const LICENSE_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const LICENSE_DOCUMENT_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg'] as const;
export const LICENSE_DOCUMENT_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const TITLE_MIN = 3;
export const TITLE_MAX = 100;
export const AI_TITLE_MAX = 90;
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 2000;
export const AI_DESCRIPTION_MAX = 2000;
export const MIN_QUANTITY_LBS = 0.01;
export const MAX_IMAGES = 5;
export const MAX_VIDEOS = 3;
export const MAX_MEDIA = 8;
export const VIDEO_MAX_BYTES = 100 * 1024 * 1024;
export const VIDEO_POSTER_SECONDS = 2.0;
export const RESET_LINK_TTL_MS = 60 * 60_000;
export const VERIFY_REDIRECT_MS = 2000;
export const MIN_AGE = 21;
export const DEFAULT_STATE = 'CA';
export const MESSAGES_PANE_HEIGHT_PX = 600;
export const DISPLAY_TIME_ZONE = 'America/Los_Angeles';
/** Verification e-mails a user may ask to be sent again (decision 003). */
export const VERIFICATION_RESEND_LIMIT = 3;

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

export const PRODUCT_SORTS = ['newest', 'oldest', 'name_asc', 'name_desc'] as const;
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
