import { describe, expect, it } from 'vitest';
import { createRateLimiter, createSemaphore, QueueFullError } from './limits';

/** A task that runs until the test lets it finish. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createSemaphore', () => {
  it('runs at most `slots` tasks at once, queues up to `queue` in order, refuses the rest', async () => {
    const sem = createSemaphore({ slots: 2, queue: 2 });
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const gates = Array.from({ length: 4 }, gate);
    const task = (i: number) => async () => {
      running++;
      peak = Math.max(peak, running);
      order.push(i);
      await gates[i]!.opened;
      running--;
      return i;
    };

    const results = [0, 1, 2, 3].map((i) => sem.run(task(i)));
    await tick();
    expect(sem.stats()).toEqual({ active: 2, queued: 2, started: 2 });
    expect(order).toEqual([0, 1]);

    // Two running, two waiting: a fifth is refused at once, without running.
    await expect(sem.run(async () => 'never')).rejects.toBeInstanceOf(QueueFullError);
    expect(sem.stats().started).toBe(2);

    gates[1]!.open();
    await tick();
    expect(order).toEqual([0, 1, 2]);
    expect(sem.stats()).toEqual({ active: 2, queued: 1, started: 3 });

    gates[0]!.open();
    gates[2]!.open();
    gates[3]!.open();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3]);
    expect(order).toEqual([0, 1, 2, 3]);
    expect(peak).toBe(2);
    expect(sem.stats()).toEqual({ active: 0, queued: 0, started: 4 });
  });

  it('frees the slot when a task fails', async () => {
    const sem = createSemaphore({ slots: 1, queue: 0 });
    await expect(
      sem.run(async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(sem.stats().active).toBe(0);
    expect(await sem.run(async () => 'ok')).toBe('ok');
  });

  it('keeps the bound under many concurrent callers', async () => {
    const sem = createSemaphore({ slots: 2, queue: 100 });
    let running = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 50 }, () =>
        sem.run(async () => {
          running++;
          peak = Math.max(peak, running);
          await tick();
          running--;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(sem.stats()).toEqual({ active: 0, queued: 0, started: 50 });
  });
});

describe('createRateLimiter', () => {
  it('allows `limit` per sliding window per key and says how long to wait', () => {
    let now = 1_000_000;
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: () => now });
    expect(limiter.take(1).ok).toBe(true);
    now += 10_000;
    expect(limiter.take(1).ok).toBe(true);
    expect(limiter.take(1).ok).toBe(true);
    expect(limiter.take(1)).toEqual({ ok: false, retryAfterMs: 50_000 });
    // Refusals are not counted, and other keys are unaffected.
    expect(limiter.take(1)).toEqual({ ok: false, retryAfterMs: 50_000 });
    expect(limiter.take(2).ok).toBe(true);
    now += 50_000;
    expect(limiter.take(1).ok).toBe(true);
    expect(limiter.take(1)).toEqual({ ok: false, retryAfterMs: 10_000 });
  });

  it('drops idle keys once it holds too many', () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, now: () => now, maxKeys: 2 });
    limiter.take('a');
    limiter.take('b');
    now = 5000;
    expect(limiter.take('c').ok).toBe(true);
    // 'a' was dropped with nothing left in its window, so it starts afresh.
    expect(limiter.take('a').ok).toBe(true);
  });
});
