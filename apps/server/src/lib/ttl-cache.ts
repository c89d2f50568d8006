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

/**
 * `ttlCached` per key (a scope and a filter), holding at most `maxEntries` keys: the oldest
 * is dropped first, so a stream of different filters cannot grow it without bound. A ttl of 0
 * caches nothing.
 */
export function keyedTtlCache<T>(ttlMs: number, maxEntries: number, now: () => number = Date.now) {
  const entries = new Map<string, { at: number; promise: Promise<T> }>();
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const hit = entries.get(key);
      if (hit && now() - hit.at < ttlMs) return hit.promise;
      entries.delete(key);
      while (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const promise = load();
      entries.set(key, { at: now(), promise });
      promise.catch(() => {
        if (entries.get(key)?.promise === promise) entries.delete(key);
      });
      return promise;
    },
    /** Forgets the keys starting with `prefix` (all of them without one). */
    invalidate(prefix = '') {
      for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
