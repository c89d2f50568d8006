import { describe, expect, it } from 'vitest';
import { createPersonalCache, PERSONAL_CHANNEL } from './personal-cache';
import { counter, fakeChannel } from './test-channel';

const open = () => Promise.resolve();

describe('personal cache', () => {
  it('caches nothing until it listens, and nothing with a ttl of 0', async () => {
    const cache = createPersonalCache({ ttlMs: 60_000 });
    const c = counter(() => ({ n: 1 }));
    await cache.get(1, 'k', c.load);
    await cache.get(1, 'k', c.load);
    expect(c.calls).toBe(2);

    const off = createPersonalCache({ ttlMs: 0 });
    await off.start(fakeChannel().listen, open);
    await off.get(1, 'k', c.load);
    await off.get(1, 'k', c.load);
    expect(c.calls).toBe(4);
    expect(off.size()).toBe(0);
  });

  it("answers per account and key until a notice names the account; '*' forgets everyone", async () => {
    const ch = fakeChannel();
    const cache = createPersonalCache({ ttlMs: 60_000 });
    await cache.start(ch.listen, open);
    expect(ch.channel).toBe(PERSONAL_CHANNEL);
    let status = 'unpaid';
    const mine = counter(() => ({ status }));
    const theirs = counter(() => ({ status: 'theirs' }));
    expect(await cache.get(1, 'bookings', mine.load)).toEqual({ status: 'unpaid' });
    await cache.get(2, 'bookings', theirs.load);
    status = 'paid';
    expect(await cache.get(1, 'bookings', mine.load)).toEqual({ status: 'unpaid' });
    expect(cache.size()).toBe(2);

    ch.notify('3,1');
    expect(cache.size()).toBe(1);
    expect(await cache.get(1, 'bookings', mine.load)).toEqual({ status: 'paid' });
    expect(await cache.get(2, 'bookings', theirs.load)).toEqual({ status: 'theirs' });
    expect([mine.calls, theirs.calls]).toEqual([2, 1]);

    ch.notify('*');
    expect(cache.size()).toBe(0);
    // A payload it cannot read forgets everyone too.
    await cache.get(2, 'bookings', theirs.load);
    ch.notify('2,x');
    expect(cache.size()).toBe(0);
  });

  it('waits for the barrier before it reads memory, and loads without keeping while the barrier fails', async () => {
    const ch = fakeChannel();
    const cache = createPersonalCache({ ttlMs: 60_000 });
    const order: string[] = [];
    let failing = false;
    await cache.start(ch.listen, async () => {
      order.push('barrier');
      if (failing) throw new Error('lost');
    });
    const c = counter(() => {
      order.push('load');
      return { n: 1 };
    });
    await cache.get(1, 'k', c.load);
    await cache.get(1, 'k', c.load);
    expect(order).toEqual(['barrier', 'load', 'barrier']);

    failing = true;
    await cache.get(1, 'k', c.load);
    await cache.get(1, 'k', c.load);
    expect(c.calls).toBe(3);
  });

  it('never keeps an answer whose load a notice for its account overtook', async () => {
    const ch = fakeChannel();
    const cache = createPersonalCache({ ttlMs: 60_000 });
    await cache.start(ch.listen, open);
    let release!: () => void;
    let status = 'unpaid';
    const slow = () =>
      new Promise<{ status: string }>((resolve) => {
        const seen = status;
        release = () => resolve({ status: seen });
      });
    const first = cache.get(1, 'bookings', slow);
    await new Promise((r) => setImmediate(r));
    // The payment commits (and is announced) while the list is being read from before it.
    status = 'paid';
    ch.notify('1');
    // A reader after the notice does not share the stale load.
    const second = cache.get(1, 'bookings', async () => ({ status }));
    release();
    expect(await first).toEqual({ status: 'unpaid' });
    expect(await second).toEqual({ status: 'paid' });
    expect(await cache.get(1, 'bookings', async () => ({ status: 'reloaded' }))).toEqual({ status: 'paid' });

    // A notice for another account leaves a running load alone: concurrent readers share it.
    const c = counter(() => ({ n: 2 }));
    const a = cache.get(5, 'chats', c.load);
    ch.notify('6');
    const b = cache.get(5, 'chats', c.load);
    expect(await a).toBe(await b);
    expect(c.calls).toBe(1);
  });

  it('forgets everything when the listening connection is lost, and serves nothing from memory until it is back', async () => {
    const ch = fakeChannel();
    const cache = createPersonalCache({ ttlMs: 60_000 });
    await cache.start(ch.listen, open);
    const c = counter(() => ({ n: 1 }));
    await cache.get(1, 'k', c.load);
    ch.heard(false);
    expect(cache.size()).toBe(0);
    await cache.get(1, 'k', c.load);
    await cache.get(1, 'k', c.load);
    expect([c.calls, cache.size()]).toEqual([3, 0]);
    ch.heard(true);
    await cache.get(1, 'k', c.load);
    await cache.get(1, 'k', c.load);
    expect([c.calls, cache.size()]).toEqual([4, 1]);
  });

  it('holds at most maxEntries answers, the oldest going first, and reloads after the ttl', async () => {
    let now = 0;
    const ch = fakeChannel();
    const cache = createPersonalCache({ ttlMs: 5000, maxEntries: 3, now: () => now });
    await cache.start(ch.listen, open);
    const c = counter(() => ({ n: 1 }));
    for (const user of [1, 2, 3, 4]) await cache.get(user, 'k', c.load);
    expect(cache.size()).toBe(3);
    await cache.get(4, 'k', c.load);
    expect(c.calls).toBe(4);
    await cache.get(1, 'k', c.load);
    expect(c.calls).toBe(5);

    now = 5000;
    await cache.get(4, 'k', c.load);
    expect(c.calls).toBe(6);
    // A forgotten account's other answers go with it; the oldest-first order still holds.
    ch.notify('4');
    expect(cache.size()).toBe(2);

    // Answers past their time are dropped when a new one is stored, not kept until evicted.
    now = 20_000;
    await cache.get(9, 'k', c.load);
    expect(cache.size()).toBe(1);
  });

  it('stops caching when stopped', async () => {
    const ch = fakeChannel();
    const cache = createPersonalCache({ ttlMs: 60_000 });
    await cache.start(ch.listen, open);
    await cache.get(1, 'k', async () => ({}));
    await cache.stop();
    expect([cache.size(), ch.listening]).toEqual([0, false]);
  });
});
