/**
 * A module (or anything else) loaded the first time it is asked for, then kept. Libraries a
 * start does not need (image processing, the HTML sanitiser, the video parser, the demo
 * console's fake data, the PostgreSQL driver on PGlite) are imported this way, so a restart
 * does not pay for them (docs/performance.md, "Start time"). A failed load is not kept: the
 * next call tries again.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((err: unknown) => {
      pending = undefined;
      throw err;
    });
    return pending;
  };
}
