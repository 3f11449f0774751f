import { NO_FACET_COUNTS, PRODUCT_FACETS, type ProductFacetCountsDto } from '@canopy/shared';
import { render, screen, within } from '@testing-library/react';
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
  test('shows how many listings each choice leads to, and a band fills both bounds', async () => {
    const counts: ProductFacetCountsDto = {
      ...NO_FACET_COUNTS,
      county: [{ value: 'Humboldt', count: 1204 }],
      tested: 7,
      price: NO_FACET_COUNTS.price.map((band, i) => ({ ...band, count: i + 1 })),
      thc: NO_FACET_COUNTS.thc.map((band, i) => ({ ...band, count: 10 * i })),
    };
    const onApply = vi.fn();
    render(
      <ProductFacetsForm
        filters={DEFAULT_FILTERS}
        counts={counts}
        layout="stack"
        onApply={onApply}
        actions={<button type="submit">Apply filters</button>}
      />,
    );
    const county = screen.getByRole('combobox', { name: 'County' });
    expect(county.querySelector('option[value="Humboldt"]')?.textContent).toBe('Humboldt (1,204)');
    expect(county.querySelector('option[value="Trinity"]')?.textContent).toBe('Trinity (0)');
    expect(screen.getByText('7 lab-tested')).toBeTruthy();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Under $500 (1)',
      '$500–$999.99 (2)',
      '$1,000–$1,999.99 (3)',
      '$2,000–$3,999.99 (4)',
      '$4,000+ (5)',
      'Under 15% (0)',
      '15–19.99% (10)',
      '20–24.99% (20)',
      '25–29.99% (30)',
      '30%+ (40)',
      'Apply filters',
    ]);
    await userEvent.click(screen.getByRole('button', { name: '$500–$999.99 (2)' }));
    await userEvent.click(screen.getByRole('button', { name: '30%+ (40)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onApply.mock.calls[0]?.[0]).toMatchObject({
      minPrice: 500,
      maxPrice: 999.99,
      minThc: 30,
      maxThc: undefined,
    });
  });

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

  // The form is drawn from the registry (decision 258): a facet added there and not drawn here, or
  // drawn under another name than its field, fails this.
  test('draws a labelled control for every facet of the registry but the seller', () => {
    renderForm(DEFAULT_FILTERS);
    const form = screen.getByRole('form', { name: 'Product filters' });
    for (const facet of PRODUCT_FACETS) {
      const controls = facet.fields.map((field) => form.querySelector(`[name="${field}"]`));
      if (facet.kind === 'id') {
        expect(controls, facet.name).toEqual([null]);
        continue;
      }
      const labels = facet.kind === 'range' ? facet.labels : [facet.label];
      const byRole = { range: 'spinbutton', flag: 'checkbox', choice: 'combobox' } as const;
      expect(
        labels.map((label) => within(form).getByRole(byRole[facet.kind], { name: label })),
        facet.name,
      ).toEqual(controls);
      if (facet.kind === 'range')
        expect(within(form).getByRole('group', { name: facet.legend })).toBeTruthy();
    }
  });
});
