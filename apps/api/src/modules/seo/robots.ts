// robots.txt (decision 117): the public catalog is open to crawlers; signed-in screens, the API
// and links that carry one-time tokens are not, and the sitemap says where the listings are.

const PRIVATE_PATHS = [
  '/api/',
  '/dev/',
  '/admin',
  '/seller',
  '/messages',
  '/profile',
  '/company',
  '/accept-invitation',
  '/dashboard',
  '/check-email',
  '/verify-email',
  '/reset-password',
];

export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
