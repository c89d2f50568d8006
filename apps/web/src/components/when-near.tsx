import { Skeleton } from 'antd';
import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below (or above) the screen a held place starts drawing its content, in pixels. */
export const NEAR_MARGIN_PX = 300;

/**
 * Draws `children` once its place comes within NEAR_MARGIN_PX of the screen, in a transition;
 * until then a skeleton `minHeight` tall holds the place (marked `data-testid="when-near"`).
 * Once drawn it stays drawn. For content far down a long page: a slow phone then renders what
 * it shows, not the whole page, while the first screen loads (docs/performance.md).
 */
export function WhenNear({ children, minHeight }: { children: ReactNode; minHeight: number }) {
  const place = useRef<HTMLDivElement>(null);
  // A browser without the observer draws everything at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = place.current;
    if (near || !el) return;
    const seen = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) startTransition(() => setNear(true));
      },
      { rootMargin: `${NEAR_MARGIN_PX}px 0px` },
    );
    seen.observe(el);
    return () => seen.disconnect();
  }, [near]);
  if (near) return children;
  return (
    <div ref={place} data-testid="when-near" aria-busy="true" style={{ minHeight, marginTop: 32 }}>
      <Skeleton active title paragraph={{ rows: 4 }} />
    </div>
  );
}
