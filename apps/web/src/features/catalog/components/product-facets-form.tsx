import {
  CALIFORNIA_COUNTIES,
  type FacetBand,
  type FacetBandCountDto,
  groupDigits,
  PRICE_FACET_BANDS,
  PRODUCT_CATEGORIES,
  type ProductCategory,
  type ProductFacetCountsDto,
  type ProductSort,
  THC_FACET_BANDS,
} from '@canopy/shared';
import { type ReactNode, useId, useState } from 'react';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { cn } from '@/lib/cn.ts';
import { categoryLabel } from '@/lib/public-product.ts';
import { applyDraft, draftFrom, type FacetDraft, type NumberField } from '../api/facet-draft.ts';
import type { County, ProductFilters } from '../api/product-filters.ts';

export const CATEGORY_OPTIONS = PRODUCT_CATEGORIES.map((category) => ({
  value: category,
  label: categoryLabel(category),
}));

export const SORT_OPTIONS: { value: ProductSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'name_asc', label: 'Name (A–Z)' },
  { value: 'name_desc', label: 'Name (Z–A)' },
  { value: 'price_asc', label: 'Price: low to high' },
  { value: 'price_desc', label: 'Price: high to low' },
];

interface NumberInputProps {
  field: NumberField;
  label: string;
  draft: FacetDraft;
  error?: string;
  onChange: (field: NumberField, value: string) => void;
  step: string;
}

function NumberInput({ field, label, draft, error, onChange, step }: NumberInputProps) {
  const id = `${useId()}-${field}`;
  return (
    <FormField id={id} label={label} error={error}>
      {(a11y) => (
        <Input
          type="number"
          inputMode="decimal"
          min={0}
          step={step}
          name={field}
          value={draft.numbers[field]}
          onChange={(event) => onChange(field, event.target.value)}
          {...a11y}
        />
      )}
    </FormField>
  );
}

const counted = (count: number) => groupDigits(count);

/**
 * The bands of a range with how many listings each holds once the list has answered; choosing one
 * fills both bounds of the draft (applied with the rest of the form). One line that scrolls on its
 * own when narrow, drawn before the counts arrive too, so the results below never move.
 */
function Bands({
  bands,
  counts,
  label,
  onChoose,
}: {
  bands: readonly FacetBand[];
  counts: readonly FacetBandCountDto[] | undefined;
  label: (band: FacetBand) => string;
  onChoose: (band: FacetBand) => void;
}) {
  return (
    <ul className="mt-2 flex gap-1.5 overflow-x-auto pb-1">
      {bands.map((band, i) => {
        const count = counts?.[i]?.count;
        return (
          <li key={band[0]} className="shrink-0">
            <button
              type="button"
              className="rounded-full border border-slate-300 px-2.5 py-1 text-xs whitespace-nowrap text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
              onClick={() => onChoose(band)}
            >
              {label(band)}
              {count === undefined ? '' : ` (${counted(count)})`}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** "$1,000" or "$999.99": grouped by hand, as Intl's first use would stall the page (decision 257). */
function money(value: number): string {
  const cents = Math.round(value * 100);
  const rest = cents % 100;
  return `$${groupDigits(Math.trunc(cents / 100))}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}
const priceBand = ([min, max]: FacetBand) =>
  max === null ? `${money(min)}+` : min === 0 ? `Under ${money(max + 0.01)}` : `${money(min)}–${money(max)}`;
const thcBand = ([min, max]: FacetBand) =>
  max === null ? `${min}%+` : min === 0 ? `Under ${max + 0.01}%` : `${min}–${max}%`;

function Group({ legend, children, className }: { legend: string; children: ReactNode; className?: string }) {
  return (
    <fieldset className={cn('min-w-0', className)}>
      <legend className="mb-1 text-sm font-semibold text-slate-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

interface ProductFacetsFormProps {
  filters: ProductFilters;
  onApply: (change: Partial<ProductFilters>) => void;
  /** The phone's sheet holds the category and the sort too; on wider screens they sit in the bar. */
  withCategoryAndSort?: boolean;
  /** The category choices (with counts where they apply). */
  categoryOptions?: typeof CATEGORY_OPTIONS;
  /** How many listings each choice leads to (decision 252), once the list has answered. */
  counts?: ProductFacetCountsDto;
  /** `row` lays the groups out across a wide screen; `stack` one under another (the sheet). */
  layout: 'row' | 'stack';
  /** Given to the form so a button outside it (the sheet's footer) can submit it. */
  formId?: string;
  /** The Apply button, inside the form; the sheet puts its own in its footer instead. */
  actions?: ReactNode;
}

/**
 * Price per pound, THC and CBD ranges, a minimum quantity, lab-tested only and county (issue 15),
 * edited as a draft and applied together on submit, so a range being typed is never half sent.
 */
export function ProductFacetsForm({
  filters,
  onApply,
  withCategoryAndSort = false,
  categoryOptions = CATEGORY_OPTIONS,
  counts,
  layout,
  formId,
  actions,
}: ProductFacetsFormProps) {
  const byCounty = new Map(counts?.county.map((entry) => [entry.value, entry.count]));
  const countyOptions = CALIFORNIA_COUNTIES.map((county) => ({
    value: county,
    label: counts ? `${county} (${counted(byCounty.get(county) ?? 0)})` : county,
  }));
  const chooseBand =
    (min: NumberField, max: NumberField) =>
    ([low, high]: FacetBand) =>
      setDraft((current) => ({
        ...current,
        numbers: { ...current.numbers, [min]: String(low), [max]: high === null ? '' : String(high) },
      }));
  const baseId = useId();
  const [draft, setDraft] = useState(() => draftFrom(filters));
  const [errors, setErrors] = useState<Partial<Record<NumberField, string>>>({});
  const setNumber = (field: NumberField, value: string) => {
    setDraft((current) => ({ ...current, numbers: { ...current.numbers, [field]: value } }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const number = (field: NumberField, label: string, step = 'any') => (
    <NumberInput
      field={field}
      label={label}
      draft={draft}
      error={errors[field]}
      onChange={setNumber}
      step={step}
    />
  );

  return (
    <form
      id={formId}
      noValidate
      aria-label="Product filters"
      className={cn(
        'grid gap-x-4 gap-y-3',
        layout === 'row' ? 'md:grid-cols-2 lg:grid-cols-4' : 'grid-cols-1',
      )}
      onSubmit={(event) => {
        event.preventDefault();
        const result = applyDraft(draft);
        if (!result.ok) {
          setErrors(result.errors);
          return;
        }
        const { category, sort, ...facets } = result.change;
        onApply(withCategoryAndSort ? result.change : facets);
      }}
    >
      {withCategoryAndSort && (
        <>
          <FormField id={`${baseId}-category`} label="Category">
            {(a11y) => (
              <Select
                name="category"
                options={categoryOptions}
                placeholder="All categories"
                value={draft.category}
                onChange={(event) =>
                  setDraft({ ...draft, category: event.target.value as ProductCategory | '' })
                }
                {...a11y}
              />
            )}
          </FormField>
          <FormField id={`${baseId}-sort`} label="Sort by">
            {(a11y) => (
              <Select
                name="sort"
                options={SORT_OPTIONS}
                value={draft.sort}
                onChange={(event) => setDraft({ ...draft, sort: event.target.value as ProductSort })}
                {...a11y}
              />
            )}
          </FormField>
        </>
      )}
      <Group legend="Price per lb (USD)">
        <div className="grid grid-cols-2 gap-3">
          {number('minPrice', 'Min price', '0.01')}
          {number('maxPrice', 'Max price', '0.01')}
        </div>
        <Bands
          bands={PRICE_FACET_BANDS}
          counts={counts?.price}
          label={priceBand}
          onChoose={chooseBand('minPrice', 'maxPrice')}
        />
      </Group>
      <Group legend="THC %">
        <div className="grid grid-cols-2 gap-3">
          {number('minThc', 'Min THC %')}
          {number('maxThc', 'Max THC %')}
        </div>
        <Bands
          bands={THC_FACET_BANDS}
          counts={counts?.thc}
          label={thcBand}
          onChoose={chooseBand('minThc', 'maxThc')}
        />
      </Group>
      <Group legend="CBD %">
        <div className="grid grid-cols-2 gap-3">
          {number('minCbd', 'Min CBD %')}
          {number('maxCbd', 'Max CBD %')}
        </div>
      </Group>
      <Group legend="Quantity available">{number('minQuantity', 'At least (lbs)')}</Group>
      <FormField id={`${baseId}-county`} label="County">
        {(a11y) => (
          <Select
            name="county"
            options={countyOptions}
            placeholder="All counties"
            value={draft.county}
            onChange={(event) => setDraft({ ...draft, county: event.target.value as County | '' })}
            {...a11y}
          />
        )}
      </FormField>
      <div className={cn(layout === 'row' && 'lg:pt-7')}>
        <Checkbox
          name="tested"
          label="Lab-tested only"
          checked={draft.tested}
          onChange={(event) => setDraft({ ...draft, tested: event.target.checked })}
        />
        {/* Its line is kept before the count arrives, so nothing below moves. */}
        <p className="mt-1 min-h-4 text-xs text-slate-600">
          {counts ? `${counted(counts.tested)} lab-tested` : ''}
        </p>
      </div>
      {actions}
    </form>
  );
}
