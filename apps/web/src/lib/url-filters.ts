import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's view kept in the URL as `?tab=`: `other` when the URL names it, else `base` (which
 * leaves the URL bare). Switching replaces the history entry, so Back leaves the list.
 */
export function useTabParam<V extends string>(base: V, other: V): [V, (v: V) => void] {
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === other ? other : base;
  const switchTo = (v: V) => setSearch(v === other ? { tab: other } : {}, { replace: true });
  return [tab, switchTo];
}

/**
 * A catalogue's filters kept in the URL, so a filtered list can be shared or reloaded: the
 * page (?page=, from 1), the keyword, the price (free | paid) and `update`, which sets or
 * clears the parameters it names and goes back to the first page unless it names the page.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const pageNum = Math.max(1, Number(params.get('page')) || 1);
  const keyword = params.get('keyword') ?? '';
  const priceParam = params.get('price');
  const price: 'free' | 'paid' | undefined =
    priceParam === 'free' || priceParam === 'paid' ? priceParam : undefined;
  const update = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace: true });
  };
  return { params, pageNum, keyword, price, update };
}

/** A paged list's page kept in the URL (`?page=`, from 1), so Back from an item finds the same page. */
export function usePageParam(): [number, (page: number) => void] {
  const { pageNum, update } = useUrlFilters();
  return [pageNum, (page) => update({ page: page > 1 ? String(page) : undefined })];
}

/**
 * A list of one status at a time, paged, both kept in the URL (`?status=`, `?page=` from 1):
 * the first of `statuses` leaves the URL bare, and choosing a status goes back to page 1.
 */
export function useStatusPage<S extends string>(statuses: readonly S[]) {
  const [params, setParams] = useSearchParams();
  const status = statuses.find((s) => s === params.get('status')) ?? statuses[0]!;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const go = (next: { status?: S; page?: number }) => {
    const s = next.status ?? status;
    const p = next.page ?? (next.status ? 1 : page);
    const q = new URLSearchParams();
    if (s !== statuses[0]) q.set('status', s);
    if (p > 1) q.set('page', String(p));
    setParams(q, { replace: true });
  };
  return { status, page, go };
}

/**
 * Steps back to the last page when the URL's `?page=` is past the end: an old link, or the last
 * items of a page gone (read, under 未读). `settled`: the total is the answer for this page,
 * not the previous one kept on screen while it loads.
 */
export function useLastPageClamp(total: number | undefined, pageSize: number, settled: boolean) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const lastPage = Math.max(1, Math.ceil((total ?? 0) / pageSize));
  useEffect(() => {
    if (total !== undefined && settled && page > lastPage) {
      const q = new URLSearchParams(params);
      if (lastPage > 1) q.set('page', String(lastPage));
      else q.delete('page');
      setParams(q, { replace: true });
    }
  }, [total, settled, page, lastPage, params, setParams]);
}
