import { describe, test } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { useJourney } from './support/browser.ts';

const journey = useJourney();

// Each page is checked once its main content has rendered, so axe sees the real page rather
// than a loading spinner.
const PAGES = [
  { name: 'home', path: '/', ready: { role: 'link', name: 'Get Started' } },
  { name: 'login', path: '/login', ready: { role: 'button', name: 'Sign in' } },
  { name: 'registration', path: '/register?type=seller', ready: { role: 'button', name: 'Create account' } },
  { name: 'products', path: '/products', ready: { role: 'heading', name: 'Product Listings' } },
] as const;

describe('accessibility', () => {
  for (const { name, path, ready } of PAGES) {
    test(`the ${name} page has no serious or critical axe violations`, async () => {
      const page = await journey.newPage();
      await page.goto(path);
      await page.getByRole(ready.role, { name: ready.name, exact: true }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousA11yViolations(page);
    });
  }
});
