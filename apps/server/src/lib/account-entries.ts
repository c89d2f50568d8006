/**
 * Answers kept by key, each belonging to one account, so that every answer of an account can be
 * dropped at once (what a notice naming the account does). Holds at most `max`: the oldest goes
 * first, so many accounts or keys cannot grow it without bound. The session cache and the
 * personal cache keep their answers this way.
 */
export function accountEntries<V>(max: number) {
  const entries = new Map<string, { userId: number; at: number; value: V }>();
  const byUser = new Map<number, Set<string>>();

  function drop(key: string) {
    const hit = entries.get(key);
    if (!hit) return;
    entries.delete(key);
    const keys = byUser.get(hit.userId);
    keys?.delete(key);
    if (keys && keys.size === 0) byUser.delete(hit.userId);
  }

  return {
    get: (key: string) => entries.get(key),
    drop,
    dropUser(userId: number) {
      for (const key of byUser.get(userId) ?? []) entries.delete(key);
      byUser.delete(userId);
    },
    clear() {
      entries.clear();
      byUser.clear();
    },
    /** Drops the oldest answers stored before `at` (kept in the order they were stored). */
    dropOlderThan(at: number) {
      for (const [key, hit] of entries) {
        if (hit.at >= at) return;
        drop(key);
      }
    },
    set(key: string, userId: number, at: number, value: V) {
      drop(key);
      while (entries.size >= max) drop(entries.keys().next().value!);
      entries.set(key, { userId, at, value });
      let keys = byUser.get(userId);
      if (!keys) byUser.set(userId, (keys = new Set()));
      keys.add(key);
    },
    get size() {
      return entries.size;
    },
  };
}
