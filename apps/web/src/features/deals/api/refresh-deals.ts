import type { QueryClient } from '@tanstack/react-query';
import { dealsKeys } from './query-keys.ts';

/**
 * An offer or order changed somewhere (a live `offer` or `order` event): the orders, the open
 * order and the dashboard counts are read again when shown.
 */
export function refreshDeals(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: dealsKeys.all });
}
