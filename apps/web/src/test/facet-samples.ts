import { PRODUCT_FACETS, type ProductFacetSpec, type ProductFacets } from '@canopy/shared';

// A value for every facet of the registry (decision 258), so a test can set them all and see each
// come back: a facet added to the registry is then in every such test without being named there.

const SELLER = '0190a0a0-0000-7000-8000-000000000001';

/** The value a facet's field narrows by: a range's maximum above its minimum, a choice its last. */
function sampleValue(facet: ProductFacetSpec, index: number): number | true | string {
  switch (facet.kind) {
    case 'range':
      return index + 1;
    case 'flag':
      return true;
    case 'choice':
      return facet.values.at(-1) ?? '';
    case 'id':
      return SELLER;
  }
}

/** Every facet set, in the registry's order. */
export const SAMPLE_FACETS = Object.fromEntries(
  PRODUCT_FACETS.flatMap((facet) => facet.fields.map((field, i) => [field, sampleValue(facet, i)])),
) as Required<ProductFacets>;
