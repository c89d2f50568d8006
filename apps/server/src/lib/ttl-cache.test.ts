import { describe, expect, it } from 'vitest';
import { ttlCached } from './ttl-cache';

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
