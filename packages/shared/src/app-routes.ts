// Every page address of the web app (SPEC §2's route table and the screens added since), as React
// Router patterns. The web app's router builds its routes from these, and the server answers an
// address none of them matches with status 404 (decision 191): one list, so the two cannot drift.

export const APP_ROUTES = {
  home: '/',
  login: '/login',
  authLogin: '/auth/login',
  accountTypeSelection: '/account-type-selection',
  authRegister: '/auth/register',
  register: '/register',
  checkEmail: '/check-email',
  verifyEmail: '/verify-email',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  help: '/help',
  terms: '/terms',
  privacy: '/privacy',
  products: '/products',
  product: '/products/:id',
  sellerStorefront: '/sellers/:id',
  dashboard: '/dashboard',
  admin: '/admin/*',
  sellerDashboard: '/seller',
  newListing: '/seller/listings/new',
  editListing: '/seller/listings/:id/edit',
  lotImport: '/dashboard/import',
  buyerGroups: '/dashboard/buyer-groups',
  watchlist: '/watchlist',
  cart: '/cart',
  messages: '/messages',
  orders: '/orders',
  order: '/orders/:id',
  samples: '/samples',
  receivables: '/receivables',
  payables: '/payables',
  savedSearches: '/saved-searches',
  wanted: '/wanted',
  newWanted: '/wanted/new',
  notifications: '/notifications',
  profile: '/profile',
  company: '/company',
  acceptInvitation: '/accept-invitation',
} as const;

export type AppRouteName = keyof typeof APP_ROUTES;

type Segment = { kind: 'text'; text: string } | { kind: 'param' } | { kind: 'rest' };

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

function compile(pattern: string): Segment[] {
  return segmentsOf(pattern).map((part): Segment => {
    if (part === '*') return { kind: 'rest' };
    if (part.startsWith(':')) return { kind: 'param' };
    return { kind: 'text', text: part.toLowerCase() };
  });
}

const COMPILED = (Object.entries(APP_ROUTES) as [AppRouteName, string][]).map(([name, pattern]) => ({
  name,
  segments: compile(pattern),
}));

function matches(pattern: Segment[], parts: string[]): boolean {
  for (const [index, segment] of pattern.entries()) {
    if (segment.kind === 'rest') return true;
    const part = parts[index];
    if (part === undefined) return false;
    if (segment.kind === 'text' && part.toLowerCase() !== segment.text) return false;
  }
  return parts.length === pattern.length;
}

/**
 * The page the web app shows at `pathname`, by its name in APP_ROUTES, or null when there is none,
 * matched as React Router matches: letters in any case, a trailing slash allowed, `:name` one
 * segment, a final `*` anything below. No two patterns share an address (a test keeps it so),
 * so the first that matches is the page.
 */
export function appRouteOf(pathname: string): AppRouteName | null {
  let parts: string[];
  try {
    parts = segmentsOf(pathname).map((part) => decodeURIComponent(part));
  } catch {
    // A malformed escape is no address of the app.
    return null;
  }
  return COMPILED.find(({ segments }) => matches(segments, parts))?.name ?? null;
}

/** Whether the web app has a page at `pathname` (see appRouteOf). */
export const isAppPage = (pathname: string): boolean => appRouteOf(pathname) !== null;
