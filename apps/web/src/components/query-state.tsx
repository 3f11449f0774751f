import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';

interface QueryStateProps<TData> {
  query: UseQueryResult<TData>;
  /** What the spinner announces while the first load runs, e.g. "Loading users". */
  loading: string;
  /**
   * Classes for a box around the spinner, e.g. the height of what it stands for, so the page
   * around it does not shift when the data arrives.
   */
  loadingClassName?: string;
  /**
   * What stands in for the data during the first load instead of the spinner, e.g. skeleton cards
   * the size of the real ones; `loading` is still announced.
   */
  skeleton?: ReactNode;
  /** What a failed load says; a function when the text depends on the error (network or server). */
  error: string | ((error: Error) => string);
  /** Offer "Try again" under the error, which fetches once more. */
  retry?: boolean;
  /** Whether the loaded data counts as empty; `empty` is shown instead of the children then. */
  isEmpty?: (data: TData) => boolean;
  empty?: ReactNode;
  children: (data: TData) => ReactNode;
}

/**
 * The loading, error and empty states every list screen needs, in one place. Once data has come,
 * a refetch (a new page, a changed filter) keeps it on screen, dimmed while it is only a
 * placeholder, and marked busy so screen readers wait for the new rows.
 */
export function QueryState<TData>({
  query,
  loading,
  loadingClassName,
  skeleton,
  error,
  retry = true,
  isEmpty,
  empty = null,
  children,
}: QueryStateProps<TData>) {
  if (query.isPending && skeleton) {
    return (
      <div role="status" aria-busy="true" className={loadingClassName}>
        <span className="sr-only">{loading}</span>
        {skeleton}
      </div>
    );
  }
  if (query.isPending) {
    const spinner = <Spinner label={loading} />;
    return loadingClassName ? <div className={loadingClassName}>{spinner}</div> : spinner;
  }
  if (query.isError) {
    return (
      <Alert tone="error" title={typeof error === 'function' ? error(query.error) : error}>
        {retry && (
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
            Try again
          </Button>
        )}
      </Alert>
    );
  }
  if (isEmpty?.(query.data)) return empty;
  return (
    <div aria-busy={query.isFetching} className={query.isPlaceholderData ? 'opacity-60' : undefined}>
      {children(query.data)}
    </div>
  );
}
