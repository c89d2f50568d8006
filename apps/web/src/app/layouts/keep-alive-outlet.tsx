import { Activity, Fragment, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useMatches, useOutlet } from 'react-router';
import { useSession } from '../../lib/session';
import { handleValue } from '../../lib/route-handle';

interface Cache {
  /** The session the pages were rendered for: another account must not see them. */
  owner: string | null;
  pages: Record<string, ReactNode>;
}

/**
 * The layout's outlet with keep-alive (routes.md): a route whose handle says `keepAlive`
 * stays mounted inside <Activity mode="hidden"> after the user leaves it, so coming back
 * finds its state (form input, loaded lists) as it was. `replacement` (a guard's answer)
 * shows instead of the current page and is never kept.
 */
export function KeepAliveOutlet({ replacement }: { replacement: ReactNode | null }) {
  const outlet = useOutlet();
  const matches = useMatches();
  const routeKey = matches.at(-1)?.id ?? '';
  const keep = !replacement && !!handleValue(matches, 'keepAlive');
  const owner = useSession((s) => s.token);

  const [cache, setCache] = useState<Cache>({ owner, pages: {} });
  // Adjusting state while rendering (not in an effect) so the first visit already renders
  // inside its <Activity>; moving it there later would remount the page.
  if (cache.owner !== owner) {
    setCache({ owner, pages: {} });
  } else if (keep && !(routeKey in cache.pages)) {
    // Kept routes have no path parameters, so the element of the first visit renders the
    // same page whenever it is shown hidden; the visible one always gets the fresh outlet.
    setCache({ owner, pages: { ...cache.pages, [routeKey]: outlet } });
  }

  useKeptScroll(routeKey, keep, owner);

  return (
    <>
      {Object.entries(cache.pages).map(([key, element]) => (
        <Activity key={key} mode={keep && key === routeKey ? 'visible' : 'hidden'}>
          {keep && key === routeKey ? outlet : element}
        </Activity>
      ))}
      {!keep && <Fragment key={`page:${routeKey}`}>{replacement ?? outlet}</Fragment>}
    </>
  );
}

/**
 * Each navigation starts at the top (spec section 2), except returning to a kept page,
 * which goes back to where the user had scrolled.
 */
function useKeptScroll(routeKey: string, keep: boolean, owner: string | null) {
  const { pathname } = useLocation();
  const positions = useRef(new Map<string, number>());
  // Positions belong to the pages of one session, which are dropped when it ends.
  useLayoutEffect(() => () => positions.current.clear(), [owner]);
  useLayoutEffect(() => {
    window.scrollTo(0, keep ? (positions.current.get(routeKey) ?? 0) : 0);
    if (!keep) return;
    const remember = () => positions.current.set(routeKey, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [routeKey, keep, pathname]);
}
