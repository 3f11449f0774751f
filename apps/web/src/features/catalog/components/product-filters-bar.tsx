import { PRODUCT_CATEGORIES, type ProductCategory, type ProductSort } from '@canopy/shared';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { categoryLabel } from '@/lib/public-product.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { hasActiveFilters, type ProductFilters } from '../api/product-filters.ts';

const CATEGORY_OPTIONS = PRODUCT_CATEGORIES.map((category) => ({
  value: category,
  label: categoryLabel(category),
}));

const SORT_OPTIONS: { value: ProductSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'name_asc', label: 'Name (A–Z)' },
  { value: 'name_desc', label: 'Name (Z–A)' },
];

interface ProductFiltersBarProps {
  filters: ProductFilters;
  onChange: (change: Partial<ProductFilters>) => void;
  onClear: () => void;
}

/**
 * The search box, category and sort of the product list. The search box is local while typing
 * and reaches the address once typing pauses; when the address changes on its own (back,
 * forward, Clear Filters) the box follows it.
 */
export function ProductFiltersBar({ filters, onChange, onClear }: ProductFiltersBarProps) {
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

  return (
    <search aria-label="Filter products">
      <form
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto]"
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
        <FormField id="product-category" label="Category">
          {(a11y) => (
            <Select
              name="category"
              options={CATEGORY_OPTIONS}
              placeholder="All categories"
              value={filters.category}
              onChange={(event) => onChange({ category: event.target.value as ProductCategory | '' })}
              {...a11y}
            />
          )}
        </FormField>
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
        {/* The bottom padding matches the space each field keeps under its control for an error. */}
        <div className="flex items-end pb-1.5">
          <Button
            variant="secondary"
            className="w-full"
            disabled={!hasActiveFilters(filters) && text === ''}
            onClick={() => {
              setText('');
              onClear();
            }}
          >
            Clear Filters
          </Button>
        </div>
      </form>
    </search>
  );
}
