import { MIN_AGE } from '@canopy/shared';
import { Link } from 'react-router';
import { DCC_HOME, DCC_LICENSE_SEARCH } from '@/lib/external-links.ts';
import { FOOTER, SITE_NAME } from '@/lib/texts.ts';

const linkClasses = 'text-slate-700 no-underline hover:text-brand-800 hover:underline';

export function Footer() {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white">
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 text-sm sm:px-6 lg:px-8">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <Link className={linkClasses} to="/help">
                Help
              </Link>
            </li>
            <li>
              <Link className={linkClasses} to="/help#contact">
                Contact
              </Link>
            </li>
            <li>
              <a className={linkClasses} href={DCC_HOME} rel="noopener noreferrer" target="_blank">
                Compliance (DCC)
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <Link className={linkClasses} to="/terms">
                Terms of Service
              </Link>
            </li>
            <li>
              <Link className={linkClasses} to="/privacy">
                Privacy Policy
              </Link>
            </li>
            <li>
              <a className={linkClasses} href="#disclaimer">
                Disclaimer
              </a>
            </li>
          </ul>
        </nav>
        <p id="disclaimer" className="max-w-3xl text-slate-600">
          {FOOTER.notice}{' '}
          <a href={DCC_LICENSE_SEARCH} rel="noopener noreferrer" target="_blank">
            Search DCC licenses
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          .
        </p>
        <p className="text-slate-600">
          © {new Date().getFullYear()} {SITE_NAME}. For business use by licensed operators aged {MIN_AGE} and
          over.
        </p>
      </div>
    </footer>
  );
}
