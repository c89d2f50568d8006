import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { queryClient } from './query-client';

/** How long a page's first render waits for its lists (then it renders with skeletons). */
export const FIRST_DATA_WAIT_MS = 400;

/** A list a page shows first: its query options, as its hook uses them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- lists of any data type
export type FirstList = FetchQueryOptions<any, any, any, any>;

/**
 * A route loader's wait for the page's first lists, at most `waitMs`: the page then renders
 * once, in a transition that yields to the browser, with its cards, instead of once empty and
 * again (blocking: TanStack Query's store updates are synchronous in React) as each list
 * arrives. On a phone's CPU those renders were most of the catalogue pages' blocking time
 * (docs/performance.md). Only lists not in the cache are waited for: coming back to a page
 * shows what it had at once (its hooks refresh what is stale), so a navigation never waits.
 */
export async function firstData(
  lists: FirstList[],
  { client = queryClient, waitMs = FIRST_DATA_WAIT_MS }: { client?: QueryClient; waitMs?: number } = {},
): Promise<null> {
  const missing = lists.filter((q) => client.getQueryData(q.queryKey) === undefined);
  if (!missing.length) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all(missing.map((q) => client.prefetchQuery(q))),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs))),
  ]);
  clearTimeout(timer);
  return null;
}
