import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client.ts';
import { type FailureToastOptions, notifyFailure } from '@/lib/toast.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** SPEC's toast text for when this query fails (e.g. "Failed to fetch admin data"). */
      errorToast?: string;
    };
    mutationMeta: FailureToastOptions & {
      /** The toast for when this call fails; the server's own text wins unless `preferServerText` is false. */
      errorToast?: string;
    };
  }
}

/** A 4xx will answer the same on a retry; only network failures and 5xx are worth another try. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // One place turns a failed query or mutation into SPEC's toast, so screens only name the text.
    queryCache: new QueryCache({
      onError: (error, query) => {
        const text = query.meta?.errorToast;
        if (!text) return;
        notifyFailure(error, text, { preferServerText: false });
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const { errorToast, ...options } = mutation.meta ?? {};
        if (!errorToast) return;
        notifyFailure(error, errorToast, options);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
    },
  });
}
