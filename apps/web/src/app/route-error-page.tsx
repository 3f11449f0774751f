import { GENERIC } from '@canopy/shared';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { DocumentTitle } from '@/components/ui/page-header.tsx';
import { isScreenLoadFailure, ScreenLoadFailure } from './screen-load-failure.tsx';

export const NOT_FOUND = {
  title: 'Page not found',
  body: (path: string) => `There is no page at ${path}. The address may be mistyped, or the page has moved.`,
} as const;

export const ERROR_PAGE = {
  body: 'Something went wrong while showing this page. Reloading it often helps.',
  reload: 'Reload page',
} as const;

/** Ways on from a page that could not be shown. Plain anchors: the router may be the part that failed. */
function WaysOn() {
  return (
    <p className="mt-6 flex flex-wrap gap-4">
      <a href="/">Go to the home page</a>
      <a href="/products">Browse products</a>
      <a href="/help">Help</a>
    </p>
  );
}

/** A mistyped or outdated address (decision 133): not an error of the app, so no "Unexpected" title. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <PageContainer width="medium">
      <DocumentTitle title={NOT_FOUND.title} />
      {/* Search engines should drop an address that shows nothing. */}
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{NOT_FOUND.title}</h1>
      <p className="mt-3 text-slate-700">{NOT_FOUND.body(pathname)}</p>
      <WaysOn />
    </PageContainer>
  );
}

/**
 * SPEC §2's generic page for an uncaught route error, titled "Unexpected Application Error!". It
 * says what to do rather than showing the raw error, which goes to the console for whoever debugs.
 */
function ErrorPage() {
  return (
    <PageContainer width="medium">
      <DocumentTitle title={GENERIC.unexpectedApplicationError} />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        {GENERIC.unexpectedApplicationError}
      </h1>
      <p className="mt-3 text-slate-700">{ERROR_PAGE.body}</p>
      <Button variant="secondary" className="mt-4" onClick={() => window.location.reload()}>
        {ERROR_PAGE.reload}
      </Button>
      <WaysOn />
    </PageContainer>
  );
}

/**
 * The router's error boundary: a 404 thrown by a route is a missing page, a screen whose code
 * could not load is a lost connection or an old deployment, anything else an error.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isScreenLoadFailure(error)) return <ScreenLoadFailure error={error} />;
  console.error(error);
  return <ErrorPage />;
}
