import {
  CALIFORNIA_COUNTIES,
  PRODUCT_CATEGORIES,
  PRODUCT_CATEGORY_LABELS,
  wantedListQuerySchema,
} from '@canopy/shared';
import { type FormEvent, useId } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { WANTED_FILTERS as TEXT } from '../texts.ts';

const FILTER_NAMES = ['words', 'category', 'county', 'minQuantity'] as const;

/** The board's filters as the address holds them, so a filtered board can be linked and reloaded. */
export function useWantedFilters() {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(
    FILTER_NAMES.flatMap((name) => {
      const value = params.get(name);
      return value ? [[name, value]] : [];
    }),
  ) as Partial<Record<(typeof FILTER_NAMES)[number], string>>;
  // Read as the API reads them: what it would not understand is no filter.
  const query = wantedListQuerySchema.parse({ ...filters, page: params.get('page') ?? undefined });
  const setPage = (next: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.set('page', String(next));
      return copy;
    });
  const apply = (next: Partial<Record<(typeof FILTER_NAMES)[number], string>>) =>
    setParams(
      new URLSearchParams(Object.entries(next).filter(([, value]) => value?.trim()) as [string, string][]),
    );
  return { filters, query, setPage, apply };
}

/** Words, category, county and least quantity; applied together when the form is sent. */
export function WantedFilters({
  filters,
  onApply,
}: {
  filters: Partial<Record<(typeof FILTER_NAMES)[number], string>>;
  onApply: (filters: Record<string, string>) => void;
}) {
  const id = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onApply(Object.fromEntries(FILTER_NAMES.map((name) => [name, String(form.get(name) ?? '')])));
  }
  return (
    <form
      onSubmit={submit}
      aria-label={TEXT.legend}
      className="mb-6 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <FormField id={`${id}-words`} label={TEXT.words} hint={TEXT.wordsHint}>
          {(control) => <Input {...control} name="words" type="search" defaultValue={filters.words ?? ''} />}
        </FormField>
        <FormField id={`${id}-category`} label={TEXT.category}>
          {(control) => (
            <Select
              {...control}
              name="category"
              placeholder={TEXT.anyCategory}
              defaultValue={filters.category ?? ''}
              options={PRODUCT_CATEGORIES.map((value) => ({ value, label: PRODUCT_CATEGORY_LABELS[value] }))}
            />
          )}
        </FormField>
        <FormField id={`${id}-county`} label={TEXT.county}>
          {(control) => (
            <Select
              {...control}
              name="county"
              placeholder={TEXT.anyCounty}
              defaultValue={filters.county ?? ''}
              options={CALIFORNIA_COUNTIES}
            />
          )}
        </FormField>
        <FormField id={`${id}-min`} label={TEXT.minQuantity}>
          {(control) => (
            <Input
              {...control}
              name="minQuantity"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={filters.minQuantity ?? ''}
            />
          )}
        </FormField>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="submit">{TEXT.apply}</Button>
        <Button type="button" variant="ghost" onClick={() => onApply({})}>
          {TEXT.clear}
        </Button>
      </div>
    </form>
  );
}
