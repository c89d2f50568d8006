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
