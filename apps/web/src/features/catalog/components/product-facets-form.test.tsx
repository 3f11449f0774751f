import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { describedText } from '@/test/accessible.ts';
import { DEFAULT_FILTERS, type ProductFilters } from '../api/product-filters.ts';
import { ProductFacetsForm } from './product-facets-form.tsx';

function renderForm(filters: ProductFilters, withCategoryAndSort = false) {
  const onApply = vi.fn();
  render(
    <ProductFacetsForm
      filters={filters}
      layout="stack"
      withCategoryAndSort={withCategoryAndSort}
      onApply={onApply}
      actions={<button type="submit">Apply filters</button>}
    />,
  );
  return onApply;
}

describe('ProductFacetsForm', () => {
  test('applies the whole draft on Enter, without the category and sort when the bar holds them', async () => {
    const onApply = renderForm({ ...DEFAULT_FILTERS, category: 'flower', minThc: 20 });
    expect(screen.getByRole('spinbutton', { name: 'Min THC %' })).toHaveProperty('value', '20');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Max price' }), '1000');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'County' }), 'Humboldt');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Lab-tested only' }));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'At least (lbs)' }), '5{Enter}');

    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply.mock.calls[0]?.[0]).toEqual({
      minPrice: undefined,
      maxPrice: 1000,
      minThc: 20,
      maxThc: undefined,
      minCbd: undefined,
      maxCbd: undefined,
      minQuantity: 5,
      tested: true,
      county: 'Humboldt',
    });
  });

  test('in the sheet it carries the category and a price sort too', async () => {
    const onApply = renderForm(DEFAULT_FILTERS, true);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'edible');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: high to low');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onApply.mock.calls[0]?.[0]).toMatchObject({ category: 'edible', sort: 'price_desc' });
  });

  test('an upside-down range is refused with its reason beside the field, and nothing is applied', async () => {
    const onApply = renderForm(DEFAULT_FILTERS);
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Min CBD %' }), '10');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Max CBD %' }), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));

    expect(onApply).not.toHaveBeenCalled();
    const max = screen.getByRole('spinbutton', { name: 'Max CBD %' });
    expect(max.getAttribute('aria-invalid')).toBe('true');
    // The reason is said with the field, not just somewhere on the page.
    expect(describedText(max)).toBe('Must not be less than the minimum');

    // Editing the field clears its error.
    await userEvent.type(max, '0');
    expect(screen.queryByText('Must not be less than the minimum')).toBeNull();
  });
});
