import { describe, expect, it } from 'vitest';
import { keyedTtlCache, ttlCached } from './ttl-cache';

describe('ttlCached', () => {
  it('loads once per period, shares concurrent loads, and forgets failures', async () => {
    let t = 0;
    let loads = 0;
    let fail = false;
    const get = ttlCached(
      async () => {
        loads++;
        if (fail) throw new Error('down');
        return loads;
      },
      1000,
      () => t,
    );
    expect(await Promise.all([get(), get(), get()])).toEqual([1, 1, 1]);
    t = 999;
    expect(await get()).toBe(1);
    t = 1000;
    expect(await get()).toBe(2);
    fail = true;
    t = 5000;
    await expect(get()).rejects.toThrow('down');
    fail = false;
    expect(await get()).toBe(4);
    get.invalidate();
    expect(await get()).toBe(5);
  });
});

describe('keyedTtlCache', () => {
  it('caches per key for the period, holds at most maxEntries keys, and forgets by prefix', async () => {
    let t = 0;
    let loads = 0;
    const cache = keyedTtlCache<string>(1000, 2, () => t);
    const load = (k: string) => () => Promise.resolve(`${k}${++loads}`);
    expect(await cache.get('all', load('all'))).toBe('all1');
    expect(await cache.get('all', load('all'))).toBe('all1');
    expect(await cache.get('mine:7', load('mine'))).toBe('mine2');
    // A third key drops the oldest ('all').
    expect(await cache.get('inst:3', load('inst'))).toBe('inst3');
    expect(cache.size).toBe(2);
    expect(await cache.get('all', load('all'))).toBe('all4');
    t = 1000;
    expect(await cache.get('all', load('all'))).toBe('all5');
    cache.invalidate('all');
    expect(await cache.get('all', load('all'))).toBe('all6');
    cache.invalidate();
    expect(cache.size).toBe(0);
  });

  it('caches nothing with a ttl of 0', async () => {
    let loads = 0;
    const cache = keyedTtlCache<number>(0, 10);
    await cache.get('k', async () => ++loads);
    expect(await cache.get('k', async () => ++loads)).toBe(2);
    expect(cache.size).toBe(0);
  });
});
