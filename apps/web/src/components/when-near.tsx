import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import styles from './when-near.module.css';

/** How far below (or above) the screen a held place starts drawing its content, in pixels. */
export const NEAR_MARGIN_PX = 300;

/**
 * A key that reaches what is not on the screen: Tab (a keyboard user moving through the links)
 * and Ctrl/⌘+F (the browser's find in page), which must find every section, not only the drawn.
 */
const reachesAll = (e: KeyboardEvent) =>
  e.key === 'Tab' || ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'f');

/**
 * Draws `children` once its place comes within NEAR_MARGIN_PX of the screen, in a transition;
 * until then a skeleton `minHeight` tall (or `placeholder`) holds the place (marked
 * `data-testid="when-near"`). Once drawn it stays drawn. A Tab or find-in-page key, or
 * printing, draws it at once wherever it is, so keyboard users, find and print miss nothing.
 * For content far down a long page: a slow phone then renders what it shows, not the whole
 * page, while the first screen loads (docs/performance.md).
 */
export function WhenNear({
  children,
  minHeight,
  placeholder,
}: {
  children: ReactNode;
  minHeight?: number;
  /** What holds the place instead of the skeleton (then neither `minHeight` nor a margin). */
  placeholder?: ReactNode;
}) {
  const place = useRef<HTMLDivElement>(null);
  // A browser without the observer draws everything at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = place.current;
    if (near || !el) return;
    const draw = () => startTransition(() => setNear(true));
    const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && draw(), {
      rootMargin: `${NEAR_MARGIN_PX}px 0px`,
    });
    seen.observe(el);
    const onKey = (e: KeyboardEvent) => reachesAll(e) && draw();
    // Printing lays the page out right after this event: drawn now, not in a later frame.
    const onPrint = () => flushSync(() => setNear(true));
    document.addEventListener('keydown', onKey, true);
    window.addEventListener('beforeprint', onPrint);
    return () => {
      seen.disconnect();
      document.removeEventListener('keydown', onKey, true);
      window.removeEventListener('beforeprint', onPrint);
    };
  }, [near]);
  if (near) return children;
  return placeholder ? (
    <div ref={place} data-testid="when-near" aria-busy="true">
      {placeholder}
    </div>
  ) : (
    <div ref={place} data-testid="when-near" aria-busy="true" className={styles.held} style={{ minHeight }}>
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className={styles.bar} />
      ))}
    </div>
  );
}
