import {
  PRODUCT_FACET_NAMES,
  type ProductCategory,
  type ProductFacetCountsDto,
  type ProductSort,
} from '@canopy/shared';
import { memo, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Dialog } from '@/components/ui/dialog.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { activeFilterCount, hasActiveFilters, type ProductFilters } from '../api/product-filters.ts';
import { CATEGORY_OPTIONS, ProductFacetsForm, SORT_OPTIONS } from './product-facets-form.tsx';

interface ProductFiltersBarProps {
  filters: ProductFilters;
  /** The category choices, with their counts where they apply (default: names only). */
  categoryOptions?: typeof CATEGORY_OPTIONS;
  /** How many listings each facet choice leads to, once the list has answered. */
  facetCounts?: ProductFacetCountsDto;
  onChange: (change: Partial<ProductFilters>) => void;
  onClear: () => void;
}

/** The facets as they stand in the address: the inline panel starts again from them when they change. */
const facetsKey = (filters: ProductFilters) =>
  PRODUCT_FACET_NAMES.map((name) => `${name}=${filters[name] ?? ''}`).join('&');

/** "Filters", or "Filters (2)" when two choices in the panel narrow the list. */
export const filtersButtonLabel = (count: number) => (count > 0 ? `Filters (${count})` : 'Filters');

/**
 * On a phone the panel is a sheet behind one button, so the first screen shows products rather
 * than a column of controls (issue 15). The sheet edits a copy of the filters and applies it on
 * "Show results"; closing it any other way changes nothing.
 */
function FiltersSheet({
  filters,
  categoryOptions,
  facetCounts,
  onChange,
  onClear,
}: {
  filters: ProductFilters;
  categoryOptions: typeof CATEGORY_OPTIONS;
  facetCounts?: ProductFacetCountsDto;
  onChange: (change: Partial<ProductFilters>) => void;
  onClear: () => void;
}) {
  const [open, setOpen] = useState(false);
  const formId = useId();
  const count = activeFilterCount(filters);
  return (
    <>
      <Button variant="secondary" className="md:hidden" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 fill-none stroke-current stroke-2">
          <path d="M4 6h16M7 12h10M10 18h4" strokeLinecap="round" />
        </svg>
        {filtersButtonLabel(count)}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Filters"
        footer={
          <>
            <Button
              variant="secondary"
              disabled={!hasActiveFilters(filters)}
              onClick={() => {
                setOpen(false);
                onClear();
              }}
            >
              Clear all
            </Button>
            <Button type="submit" form={formId}>
              Show results
            </Button>
          </>
        }
      >
        <ProductFacetsForm
          formId={formId}
          filters={filters}
          layout="stack"
          withCategoryAndSort
          categoryOptions={categoryOptions}
          counts={facetCounts}
          onApply={(change) => {
            setOpen(false);
            onChange(change);
          }}
        />
      </Dialog>
    </>
  );
}

/**
 * The search box, category, sort and facets of the product list. The search box is local while
 * typing and reaches the address once typing pauses; when the address changes on its own (back,
 * forward, Clear Filters) the box follows it.
 * Kept as it is while only the results change (their call starting or ending, decision 260).
 */
export const ProductFiltersBar = memo(function ProductFiltersBar({
  filters,
  categoryOptions = CATEGORY_OPTIONS,
  facetCounts,
  onChange,
  onClear,
}: ProductFiltersBarProps) {
  const [text, setText] = useState(filters.query);
  const debounced = useDebouncedValue(text);
  // Only a new pause in typing is sent, never a stale one after the address moved elsewhere.
  const lastSent = useRef(debounced);

  useEffect(() => {
    if (debounced === lastSent.current) return;
    lastSent.current = debounced;
    if (debounced.trim() !== filters.query) onChange({ query: debounced.trim() });
  }, [debounced, filters.query, onChange]);

  useEffect(() => {
    setText((current) => (current.trim() === filters.query ? current : filters.query));
  }, [filters.query]);

  const clear = () => {
    setText('');
    onClear();
  };

  return (
    <search aria-label="Filter products" className="block space-y-4">
      {/* On a phone: the search box and the Filters button on one line. The sheet is outside the
          search form, as a form may not hold another. */}
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-3 md:block">
        <form
          className="grid gap-4 md:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto]"
          // Enter searches at once instead of waiting for the pause.
          onSubmit={(event) => {
            event.preventDefault();
            lastSent.current = text;
            if (text.trim() !== filters.query) onChange({ query: text.trim() });
          }}
        >
          <FormField id="product-search" label="Search products">
            {(a11y) => (
              <Input
                type="search"
                name="query"
                placeholder="Name, strain or description"
                autoComplete="off"
                value={text}
                onChange={(event) => setText(event.target.value)}
                {...a11y}
              />
            )}
          </FormField>
          <div className="hidden md:block">
            <FormField id="product-category" label="Category">
              {(a11y) => (
                <Select
                  name="category"
                  options={categoryOptions}
                  placeholder="All categories"
                  value={filters.category}
                  onChange={(event) => onChange({ category: event.target.value as ProductCategory | '' })}
                  {...a11y}
                />
              )}
            </FormField>
          </div>
          <div className="hidden md:block">
            <FormField id="product-sort" label="Sort by">
              {(a11y) => (
                <Select
                  name="sort"
                  options={SORT_OPTIONS}
                  value={filters.sort}
                  onChange={(event) => onChange({ sort: event.target.value as ProductSort })}
                  {...a11y}
                />
              )}
            </FormField>
          </div>
          <div className="hidden items-end pb-1.5 md:flex">
            <Button
              variant="secondary"
              className="w-full"
              disabled={!hasActiveFilters(filters) && text === ''}
              onClick={clear}
            >
              Clear Filters
            </Button>
          </div>
        </form>
        {/* The bottom padding matches the space each field keeps under its control for an error. */}
        <div className="pb-1.5 md:hidden">
          <FiltersSheet
            filters={filters}
            categoryOptions={categoryOptions}
            facetCounts={facetCounts}
            onChange={onChange}
            onClear={clear}
          />
        </div>
      </div>
      <div className="hidden rounded-lg border border-slate-200 bg-white p-4 md:block">
        <ProductFacetsForm
          key={facetsKey(filters)}
          filters={filters}
          counts={facetCounts}
          layout="row"
          onApply={onChange}
          actions={
            <div className="flex items-end pb-1.5 lg:col-start-4">
              <Button type="submit" className="w-full">
                Apply filters
              </Button>
            </div>
          }
        />
      </div>
    </search>
  );
});
