/**
 * Remembers the last answer of `load` for `ttlMs`. Concurrent callers during a load
 * share one promise, so a burst of requests costs one database round.
 */
export function ttlCached<T>(load: () => Promise<T>, ttlMs: number, now: () => number = Date.now) {
  let value: { at: number; promise: Promise<T> } | undefined;
  const get = (): Promise<T> => {
    if (value && now() - value.at < ttlMs) return value.promise;
    const promise = load();
    value = { at: now(), promise };
    promise.catch(() => {
      if (value?.promise === promise) value = undefined;
    });
    return promise;
  };
  get.invalidate = () => {
    value = undefined;
  };
  return get;
}
