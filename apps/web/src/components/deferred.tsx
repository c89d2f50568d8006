import { useDeferredValue, type ReactNode } from 'react';

/**
 * Its children, drawn at a transition's priority when they change: for content a query fills
 * in after the first paint. TanStack Query re-renders through useSyncExternalStore, a render
 * React cannot interrupt, so a section's cards arriving were one long task on a slow phone
 * (Lighthouse: 130-230 ms simulated on the home page). Deferred, the urgent render keeps the
 * previous children (the skeleton, the same elements, so React skips them) and the cards follow
 * in a render that yields between them.
 */
export function Deferred({ children }: { children: ReactNode }) {
  return useDeferredValue(children);
}
