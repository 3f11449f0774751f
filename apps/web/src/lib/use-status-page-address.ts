import { useSearchParams } from 'react-router';

/**
 * A list's status tab and page, kept in the address (?status=fulfilled&page=2) so a reload or a
 * shared link keeps them. A status that is not one of `statuses` is no filter.
 */
export function useStatusPageAddress<S extends string>(statuses: readonly S[]) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = statuses.find((known) => known === raw) ?? null;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const go = (next: { status: S | null; page: number }) => {
    const search = new URLSearchParams();
    if (next.status) search.set('status', next.status);
    if (next.page > 1) search.set('page', String(next.page));
    setParams(search, { replace: true });
  };
  return { status, page, go };
}
