// Every paginated list answers the same envelope: `{success, data, pagination: {page, limit,
// total, pages}}` (SPEC §7 reads `pagination.pages`). The query side (`pageQuery`) lives in
// `@canopy/shared` with the other request schemas.

export function paginated<T, Extra extends object = object>(
  data: T[],
  { page, limit }: { page: number; limit: number },
  total: number,
  /** Fields a list adds beside SPEC's four (the catalog's `estimated`). */
  extra: Extra = {} as Extra,
) {
  return {
    success: true as const,
    data,
    pagination: { page, limit, total, pages: Math.ceil(total / limit), ...extra },
  };
}
