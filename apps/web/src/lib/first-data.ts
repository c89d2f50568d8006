/** How long a page's first render waits for its lists (then it renders with skeletons). */
export const FIRST_DATA_WAIT_MS = 400;

/**
 * A route loader's wait for the page's first lists (`queryClient.prefetchQuery` of each), at most
 * `waitMs`: the page then renders once, in a transition that yields to the browser, with its
 * cards, instead of once empty and again (blocking: TanStack Query's store updates are
 * synchronous in React) as each list arrives. On a phone's CPU those renders were most of the
 * catalogue pages' blocking time (docs/performance.md). A list already cached answers at once.
 */
export async function firstData(loads: Promise<unknown>[], waitMs = FIRST_DATA_WAIT_MS): Promise<null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled(loads),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs))),
  ]);
  clearTimeout(timer);
  return null;
}
