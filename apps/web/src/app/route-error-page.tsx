import { GENERIC } from '@canopy/shared';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { DocumentTitle } from '@/components/ui/page-header.tsx';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText || 'Error'}`;
  if (error instanceof Error) return error.message;
  return 'Something went wrong while showing this page.';
}

/** The generic error page SPEC §2 names ("Unexpected Application Error!"). */
export function ErrorPage({ detail }: { detail: string }) {
  // Plain anchors, not router links: the router may be the part that failed.
  return (
    <PageContainer width="medium">
      <DocumentTitle title={GENERIC.unexpectedApplicationError} />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        {GENERIC.unexpectedApplicationError}
      </h1>
      <p className="mt-3 text-slate-700">{detail}</p>
      <p className="mt-6 flex gap-4">
        <a href="/">Go to the home page</a>
        <a href="/products">Browse products</a>
      </p>
    </PageContainer>
  );
}

/** The router's error boundary: shows what went wrong in a route. */
export function RouteErrorPage() {
  return <ErrorPage detail={describe(useRouteError())} />;
}
