// Texts a person reads that packages/shared does not fix (SPEC gives the meaning, not the
// words). SPEC's own texts come from @canopy/shared.

export const SITE_NAME = 'Canopy';

export const NAV = {
  browseProducts: 'Browse Products',
  signIn: 'Sign in',
  getStarted: 'Get Started',
  licenseVerified: 'License Verified',
  licensePending: 'License Pending',
  profile: 'Profile',
  company: 'Company',
  messages: 'Messages',
  orders: 'Orders',
  samples: 'Samples',
  watchlist: 'Watchlist',
  savedSearches: 'Saved Searches',
  wanted: 'Wanted',
  adminDashboard: 'Admin Dashboard',
  sellerDashboard: 'Seller Dashboard',
  signOut: 'Sign out',
  userFallback: 'User',
  menu: 'Menu',
} as const;

export const LOGIN = {
  pendingSellerWarning:
    'Your license verification is still pending. You can browse products, but you cannot create listings until your account is approved.',
  resendVerification: 'Resend verification email',
} as const;

export const FOOTER = {
  notice:
    'Canopy is for licensed California cannabis operators only. We perform only a modicum of license verification: before you buy, check the seller’s license yourself with the Department of Cannabis Control.',
} as const;

export const ADMIN_TEXTS = {
  licenseDocumentFailed: 'Failed to open the license document',
} as const;
