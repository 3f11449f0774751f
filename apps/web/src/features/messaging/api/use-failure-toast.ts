import { useEffect, useRef } from 'react';
import { notifyFailure } from '@/lib/toast.ts';
import { CONVERSATION_NETWORK_TEXT } from './failure-toasts.ts';

interface QueryOutcome {
  error: Error | null;
  errorUpdatedAt: number;
  dataUpdatedAt: number;
}

/**
 * Toasts a query's failure after its last attempt, once per run of failures: the 30-second
 * refresh of a list whose server is down would otherwise toast every 30 seconds. The conversation
 * list prefers the server's text (SPEC §8), which the shared query client's fixed-text toasts
 * cannot do.
 */
export function useFailureToast(query: QueryOutcome, fallback: string, preferServerText: boolean): void {
  const { error, errorUpdatedAt, dataUpdatedAt } = query;
  // When the data the last toasted failure followed was fetched (0: never), so a run of failures
  // after the same success toasts once.
  const toastedAfter = useRef<number | null>(null);
  useEffect(() => {
    if (!error || !errorUpdatedAt || toastedAfter.current === dataUpdatedAt) return;
    toastedAfter.current = dataUpdatedAt;
    notifyFailure(error, fallback, { preferServerText, networkMessage: CONVERSATION_NETWORK_TEXT });
  }, [error, errorUpdatedAt, dataUpdatedAt, fallback, preferServerText]);
}
