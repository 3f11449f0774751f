import { PRODUCT_FACETS } from '@canopy/shared';
import { describe, expect, it } from 'vitest';
import { INDEX_FACETS } from './search-index/facets.ts';

// The web app reads, writes and draws the catalog's facets from the shared registry (decision
// 258); the index filters and counts them from INDEX_FACETS. A facet added to one of the two and
// not the other, or counted by one and not shown by the other, fails here. The category is SPEC's
// own filter, outside the registry.

const indexed = INDEX_FACETS.filter((facet) => facet.name !== 'category');

describe('the facet registry and the index', () => {
  it('name the same facets, reading the same query fields in the same order', () => {
    expect(indexed.map(({ name, fields }) => ({ name, fields }))).toEqual(
      PRODUCT_FACETS.map(({ name, fields }) => ({ name, fields })),
    );
  });

  it('count the same facets', () => {
    const shown = PRODUCT_FACETS.filter((facet) =>
      facet.kind === 'range' ? 'bands' in facet : facet.kind !== 'id',
    );
    expect(
      indexed
        .filter((facet) => facet.kind === 'choice' || facet.banded !== undefined)
        .map((facet) => facet.name),
    ).toEqual(shown.map((facet) => facet.name));
  });
});
