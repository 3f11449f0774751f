import {
  type FacetBand,
  type FacetBandCountDto,
  groupDigits,
  PRODUCT_CATEGORIES,
  PRODUCT_SORTS,
  type ProductCategory,
  type ProductFacetCountsDto,
  type ProductFacetOfKind,
  type ProductSort,
} from '@canopy/shared';
import { type ReactNode, useId, useState } from 'react';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { cn } from '@/lib/cn.ts';
import { categoryLabel } from '@/lib/public-product.ts';
import {
  applyDraft,
  CHOICE_FACETS,
  draftFrom,
  type FacetDraft,
  FLAG_FACETS,
  type NumberField,
  RANGE_FACETS,
} from '../api/facet-draft.ts';
import type { ProductFilters } from '../api/product-filters.ts';

export const CATEGORY_OPTIONS = PRODUCT_CATEGORIES.map((category) => ({
  value: category,
  label: categoryLabel(category),
}));

/** A label for every sort the API knows: a sort added there fails the type check until named here. */
const SORT_LABELS: Record<ProductSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name_asc: 'Name (A–Z)',
  name_desc: 'Name (Z–A)',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};

export const SORT_OPTIONS = PRODUCT_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }));

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
type BandedFacet = Extract<ProductFacetOfKind<'range'>, { bands: unknown }>;

/** How a band reads, by the unit of its range: one for each unit a banded facet has. */
const BAND_LABELS: Record<BandedFacet['unit'], (band: FacetBand) => string> = {
  usd: ([min, max]) =>
    max === null
      ? `${money(min)}+`
      : min === 0
        ? `Under ${money(max + 0.01)}`
        : `${money(min)}–${money(max)}`,
  percent: ([min, max]) =>
    max === null ? `${min}%+` : min === 0 ? `Under ${max + 0.01}%` : `${min}–${max}%`,
};

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
 * The panel's facets (issue 15) as the registry lists them (price per pound, THC and CBD ranges, a
 * minimum quantity, county, lab-tested only), edited as a draft and applied together on submit,
 * so a range being typed is never half sent.
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
  const chooseBand =
    ([min, max]: BandedFacet['fields']) =>
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
  const numbers = ({ fields, labels, step }: ProductFacetOfKind<'range'>) =>
    fields.map((field, i) => (
      <NumberInput
        key={field}
        field={field}
        label={labels[i] ?? field}
        draft={draft}
        error={errors[field]}
        onChange={setNumber}
        step={step}
      />
    ));

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
      {/* The ranges, then the lists, then the checkboxes; the seller is the storefront's own. */}
      {RANGE_FACETS.map((facet) => (
        <Group key={facet.name} legend={facet.legend}>
          {facet.fields.length > 1 ? (
            <div className="grid grid-cols-2 gap-3">{numbers(facet)}</div>
          ) : (
            numbers(facet)
          )}
          {'bands' in facet && (
            <Bands
              bands={facet.bands}
              counts={counts?.[facet.name]}
              label={BAND_LABELS[facet.unit]}
              onChoose={chooseBand(facet.fields)}
            />
          )}
        </Group>
      ))}
      {CHOICE_FACETS.map((facet) => {
        const [field] = facet.fields;
        const byValue = new Map(counts?.[facet.name].map((entry) => [entry.value, entry.count]));
        const options = facet.values.map((value) => ({
          value,
          label: counts ? `${value} (${counted(byValue.get(value) ?? 0)})` : value,
        }));
        return (
          <FormField key={facet.name} id={`${baseId}-${field}`} label={facet.label}>
            {(a11y) => (
              <Select
                name={field}
                options={options}
                placeholder={facet.placeholder}
                value={draft.choices[field]}
                onChange={(event) =>
                  setDraft({ ...draft, choices: { ...draft.choices, [field]: event.target.value } })
                }
                {...a11y}
              />
            )}
          </FormField>
        );
      })}
      {FLAG_FACETS.map((facet) => {
        const [field] = facet.fields;
        return (
          <div key={facet.name} className={cn(layout === 'row' && 'lg:pt-7')}>
            <Checkbox
              name={field}
              label={facet.label}
              checked={draft.flags[field]}
              onChange={(event) =>
                setDraft({ ...draft, flags: { ...draft.flags, [field]: event.target.checked } })
              }
            />
            {/* Its line is kept before the count arrives, so nothing below moves. */}
            <p className="mt-1 min-h-4 text-xs text-slate-600">
              {counts ? `${counted(counts[facet.name])} ${facet.countLabel}` : ''}
            </p>
          </div>
        );
      })}
      {actions}
    </form>
  );
}
