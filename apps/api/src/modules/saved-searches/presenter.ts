import { describeFilters, type SavedSearchDto } from '@canopy/shared';
import type { SavedSearchView } from './service.ts';

export function presentSavedSearch(row: SavedSearchView): SavedSearchDto {
  return {
    _id: row.id,
    name: row.name,
    filters: { ...row.filters },
    summary: describeFilters(row.filters, { sellerName: row.sellerName }),
    createdAt: row.createdAt.toISOString(),
    lastAlertedAt: row.lastAlertedAt?.toISOString() ?? null,
  };
}
