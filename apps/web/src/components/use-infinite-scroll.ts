import { useEffect, useRef } from 'react';

/** Spec section 9: infinite scroll checks at most every 200 ms and loads at distance 0 from the end. */
export const INFINITE_SCROLL = { throttleMs: 200, distance: 0 } as const;

/**
 * Calls `onLoadMore` when the window is scrolled to the bottom (within `distance` px),
 * checked at most once per `throttleMs`, and again after each load while the page does
 * not yet fill the screen. Nothing happens while `disabled` (loading, or nothing more).
 */
export function useInfiniteScroll(
  onLoadMore: () => void,
  {
    disabled,
    throttleMs = INFINITE_SCROLL.throttleMs,
    distance = INFINITE_SCROLL.distance,
  }: {
    disabled: boolean;
    throttleMs?: number;
    distance?: number;
  },
) {
  const latest = useRef({ onLoadMore, disabled });
  useEffect(() => {
    latest.current = { onLoadMore, disabled };
  });

  useEffect(() => {
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      last = Date.now();
      timer = undefined;
      if (latest.current.disabled) return;
      const el = document.documentElement;
      if (el.scrollHeight - (window.scrollY + window.innerHeight) <= distance + 1)
        latest.current.onLoadMore();
    };
    const onScroll = () => {
      if (timer) return;
      timer = setTimeout(check, Math.max(0, throttleMs - (Date.now() - last)));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    onScroll();
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (timer) clearTimeout(timer);
    };
  }, [throttleMs, distance, disabled]);
}
