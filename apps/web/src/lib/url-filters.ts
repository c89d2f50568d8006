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
