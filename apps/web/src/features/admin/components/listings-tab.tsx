import { countOf } from '@canopy/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { QueryState } from '@/components/query-state.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { Select } from '@/components/ui/select.tsx';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import {
  ADMIN_LISTINGS_PAGE_SIZE,
  type AdminListing,
  adminListingsQueryOptions,
} from '../api/admin-listings-api.ts';
import { AdminListingRows } from './admin-listing-rows.tsx';
import { DeleteListingDialog } from './delete-listing-dialog.tsx';
import { ListingModerationActions } from './listing-moderation-actions.tsx';
import { ListingPreviewDialog } from './listing-preview-dialog.tsx';
import { ListingReviewQueue } from './listing-review-queue.tsx';
import { ToggleListingDialog } from './toggle-listing-dialog.tsx';

type ActiveFilter = '' | 'active' | 'inactive' | 'hidden';

const ACTIVE_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'hidden', label: 'Hidden by Canopy' },
];

const stateFilters = (state: ActiveFilter) => {
  if (state === 'hidden') return { moderation: 'hidden' as const };
  return { active: state === '' ? undefined : state === 'active' };
};

const countText = (total: number) => countOf(total, 'listing');

export function ListingsTab() {
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<ActiveFilter>('');
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<AdminListing | null>(null);
  const [toToggle, setToToggle] = useState<AdminListing | null>(null);
  const [previewId, setPreviewId] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const query = useDebouncedValue(search.trim());

  const listings = useQuery(
    adminListingsQueryOptions({
      page,
      limit: ADMIN_LISTINGS_PAGE_SIZE,
      query: query || undefined,
      ...stateFilters(active),
    }),
  );

  // Deleting the last listing of the last page would leave an empty page behind.
  const pages = listings.data?.pagination.pages ?? 1;
  useEffect(() => {
    if (pages > 0 && page > pages) setPage(pages);
  }, [page, pages]);

  // The dialog gives focus back to the Delete button it came from; once that row is gone,
  // focus would fall to the page body, so it goes to the section heading instead.
  const closeDeleteDialog = () => {
    setToDelete(null);
    if (document.activeElement === document.body) headingRef.current?.focus();
  };

  return (
    <section aria-labelledby="admin-listings" className="space-y-6">
      <h2 id="admin-listings" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900">
        Listings
      </h2>
      <ListingReviewQueue onPreview={setPreviewId} />
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="sm:col-span-2">
          <FormField id="admin-listing-search" label="Search">
            {(a11y) => (
              <Input
                type="search"
                name="query"
                placeholder="Title or seller business"
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value);
                  setPage(1);
                }}
                {...a11y}
              />
            )}
          </FormField>
        </div>
        <FormField id="admin-listing-state" label="State">
          {(a11y) => (
            <Select
              name="active"
              options={ACTIVE_OPTIONS}
              placeholder="All listings"
              value={active}
              onChange={(event) => {
                setActive(event.target.value as ActiveFilter);
                setPage(1);
              }}
              {...a11y}
            />
          )}
        </FormField>
      </div>

      <QueryState
        query={listings}
        loading="Loading listings"
        error="The listings could not be loaded."
        isEmpty={({ data }) => data.length === 0}
        empty={<EmptyState title="No listings match these filters" />}
      >
        {({ data, pagination }) => (
          <>
            <p className="mb-3 text-sm text-slate-600" aria-live="polite">
              {countText(pagination.total)}
            </p>
            <AdminListingRows
              listings={data}
              caption="All listings"
              actions={(listing) => (
                <ListingModerationActions
                  listing={listing}
                  onPreview={(item) => setPreviewId(item._id)}
                  onToggle={setToToggle}
                  onDelete={setToDelete}
                />
              )}
            />
            <Pagination page={page} pages={pages} onPageChange={setPage} label="Listings pages" />
          </>
        )}
      </QueryState>

      <DeleteListingDialog listing={toDelete} onClose={closeDeleteDialog} />
      <ToggleListingDialog listing={toToggle} onClose={() => setToToggle(null)} />
      <ListingPreviewDialog listingId={previewId} onClose={() => setPreviewId(null)} />
    </section>
  );
}
