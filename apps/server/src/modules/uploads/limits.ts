/** Thrown by a semaphore whose slots and queue are all taken. */
export class QueueFullError extends Error {
  constructor() {
    super('queue full');
    this.name = 'QueueFullError';
  }
}

export interface Semaphore {
  /** Runs `task` when a slot is free; waits in the queue when none is; throws QueueFullError when the queue is full too. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Running now, waiting now, and tasks started since creation. */
  stats(): { active: number; queued: number; started: number };
}

/**
 * At most `slots` tasks run at once; up to `queue` more wait in order; beyond that the
 * caller is refused at once instead of piling up work (and the buffers it holds).
 */
export function createSemaphore({ slots, queue }: { slots: number; queue: number }): Semaphore {
  let active = 0;
  let started = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else active--;
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active < slots) {
        active++;
      } else {
        if (waiting.length >= queue) throw new QueueFullError();
        // The releasing task hands its slot over: `active` stays the same.
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      started++;
      try {
        return await task();
      } finally {
        release();
      }
    },
    stats: () => ({ active, queued: waiting.length, started }),
  };
}

export interface RateLimiter {
  /** Counts one event for `key`; answers how long to wait (ms) when it is over the limit, and then counts nothing. */
  take(key: string | number): { ok: true } | { ok: false; retryAfterMs: number };
}

/**
 * A sliding-window counter held in this process's memory: `limit` events per `windowMs`
 * per key. With several instances each counts on its own, so a key may get `limit` per
 * instance.
 */
export function createRateLimiter({
  limit,
  windowMs,
  now,
  maxKeys = 100_000,
}: {
  limit: number;
  windowMs: number;
  now: () => number;
  /** Past this many keys, keys with no event left in the window are dropped. */
  maxKeys?: number;
}): RateLimiter {
  const events = new Map<string | number, number[]>();

  const prune = (list: number[], t: number) => {
    while (list.length > 0 && list[0]! <= t - windowMs) list.shift();
  };

  return {
    take(key) {
      const t = now();
      let list = events.get(key);
      if (!list) {
        if (events.size >= maxKeys) {
          for (const [k, l] of events) {
            prune(l, t);
            if (l.length === 0) events.delete(k);
          }
        }
        list = [];
        events.set(key, list);
      }
      prune(list, t);
      if (list.length >= limit) {
        return { ok: false, retryAfterMs: Math.max(1, list[0]! + windowMs - t) };
      }
      list.push(t);
      return { ok: true };
    },
  };
}
