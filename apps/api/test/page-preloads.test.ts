import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_ROUTES } from '@canopy/shared';
import { describe, expect, it } from 'vitest';
import { PAGE_CHUNKS, pagePreloads, pageSourceOf } from '../src/http/page-preloads.ts';

// The screens whose chunks the server preloads are named by their APP_ROUTES entry, so their
// addresses are the web router's own; these check the other half, the screen module each names.

const WEB_DIR = fileURLToPath(new URL('../../web/', import.meta.url));
const ROUTER = readFileSync(path.join(WEB_DIR, 'src/app/routes.tsx'), 'utf8');

/** An address the pattern matches: each `:param` filled in. */
const addressOf = (pattern: string) => pattern.replace(/:\w+/g, '0b6c5a0e-1f0e-4f5e-9a55-0c6f1e2d3a4b');

describe('the preloaded screens', () => {
  it.each(Object.entries(PAGE_CHUNKS))('%s is the screen the web router loads there', (name, source) => {
    const pattern = APP_ROUTES[name as keyof typeof APP_ROUTES];
    expect(ROUTER).toContain(`import('@/${source.replace(/^src\//, '')}')`);
    // Matched as the router matches: a trailing slash and any letter case are the same page.
    for (const address of [addressOf(pattern), `${addressOf(pattern)}/`, addressOf(pattern).toUpperCase()]) {
      expect(pageSourceOf(address)).toBe(source);
    }
  });

  it('include the seller storefront, a public page visitors and crawlers land on', () => {
    expect(pageSourceOf('/sellers/0b6c5a0e-1f0e-4f5e-9a55-0c6f1e2d3a4b')).toBe(
      'src/features/catalog/routes/seller-storefront-page.tsx',
    );
  });

  it('leave out the home page, the signed-in screens and addresses that are no page', () => {
    for (const address of [
      '/',
      '/messages',
      '/seller/listings/new',
      '/profile',
      '/products/a/b',
      '/nowhere',
    ]) {
      expect(pageSourceOf(address)).toBeNull();
    }
  });

  it('name each screen’s own chunks, not those index.html already preloads', () => {
    const manifest = {
      'index.html': { file: 'assets/index.js', imports: ['_react.js'] },
      '_react.js': { file: 'assets/react.js' },
      'src/features/catalog/routes/seller-storefront-page.tsx': {
        file: 'assets/storefront.js',
        imports: ['_react.js'],
      },
    };
    expect([...pagePreloads(manifest)]).toEqual([
      [
        'src/features/catalog/routes/seller-storefront-page.tsx',
        '<link rel="modulepreload" crossorigin href="/assets/storefront.js">',
      ],
    ]);
  });
});
