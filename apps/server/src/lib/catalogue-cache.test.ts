import { describe, expect, it } from 'vitest';
import { CATALOGUE_CHANNEL, createCatalogueCache } from './catalogue-cache';
import { counter, fakeChannel } from './test-channel';

describe('catalogue cache', () => {
  it('caches nothing until it listens for the writes, and nothing with a ttl of 0', async () => {
    const cache = createCatalogueCache({ ttlMs: 60_000 });
    const c = counter(() => 1);
    await cache.get('experts', 'k', c.load);
    await cache.get('experts', 'k', c.load);
    expect(c.calls).toBe(2);

    const off = createCatalogueCache({ ttlMs: 0 });
    await off.start(fakeChannel().listen);
    await off.get('experts', 'k', c.load);
    await off.get('experts', 'k', c.load);
    expect(c.calls).toBe(4);
    expect(off.sizes().experts).toBe(0);
  });

  it('answers from memory per key until a notice for its topic, which drops only that topic', async () => {
    const ch = fakeChannel();
    const cache = createCatalogueCache({ ttlMs: 60_000 });
    await cache.start(ch.listen);
    expect(ch.channel).toBe(CATALOGUE_CHANNEL);
    let price = 100;
    const experts = counter(() => price);
    const scales = counter(() => 'PHQ-9');
    expect(await cache.get('experts', 'page1', experts.load)).toBe(100);
    price = 200;
    expect(await cache.get('experts', 'page1', experts.load)).toBe(100);
    expect(await cache.get('experts', 'page2', experts.load)).toBe(200);
    await cache.get('scales', 'page1', scales.load);
    expect(cache.sizes()).toMatchObject({ experts: 2, scales: 1 });

    ch.notify('experts');
    expect(cache.sizes()).toMatchObject({ experts: 0, scales: 1 });
    expect(await cache.get('experts', 'page1', experts.load)).toBe(200);
    expect(experts.calls).toBe(3);
    expect(scales.calls).toBe(1);

    // The search reads every topic: any notice drops it, and its own drops nothing else.
    const search = counter(() => 'hits');
    await cache.get('search', '焦虑', search.load);
    await cache.get('search', '焦虑', search.load);
    expect(search.calls).toBe(1);
    ch.notify('news');
    expect(cache.sizes()).toMatchObject({ search: 0, experts: 1, scales: 1 });
    await cache.get('search', '焦虑', search.load);
    expect(search.calls).toBe(2);

    // A notice it does not know drops everything rather than risk a stale list.
    ch.notify('something-new');
    expect(cache.sizes()).toMatchObject({ experts: 0, scales: 0 });
  });

  it('shares one load among concurrent callers, and keeps no answer begun before a notice', async () => {
    const ch = fakeChannel();
    const cache = createCatalogueCache({ ttlMs: 60_000 });
    await cache.start(ch.listen);
    let release!: (v: string) => void;
    let loads = 0;
    const slow = () => {
      loads += 1;
      return new Promise<string>((r) => (release = r));
    };
    const a = cache.get('courses', 'k', slow);
    const b = cache.get('courses', 'k', slow);
    expect(loads).toBe(1);
    ch.notify('courses'); // a write committed while the list was being read
    release('old');
    expect(await a).toBe('old');
    expect(await b).toBe('old');
    expect(cache.sizes().courses).toBe(0);
    const c = cache.get('courses', 'k', async () => 'new');
    expect(await c).toBe('new');
  });

  it('forgets a failed load, expires after the ttl and holds a bounded number of keys', async () => {
    let t = 0;
    const ch = fakeChannel();
    const cache = createCatalogueCache({ ttlMs: 5_000, maxEntriesPerTopic: 3, now: () => t });
    await cache.start(ch.listen);
    await expect(cache.get('news', 'k', async () => Promise.reject(new Error('down')))).rejects.toThrow();
    expect(cache.sizes().news).toBe(0);

    const c = counter(() => 'x');
    await cache.get('news', 'k', c.load);
    t = 4_999;
    await cache.get('news', 'k', c.load);
    expect(c.calls).toBe(1);
    t = 5_000;
    await cache.get('news', 'k', c.load);
    expect(c.calls).toBe(2);

    for (const k of ['a', 'b', 'c', 'd', 'e']) await cache.get('news', k, c.load);
    expect(cache.sizes().news).toBe(3);
  });

  it('stops listening and caching on stop', async () => {
    const ch = fakeChannel();
    const cache = createCatalogueCache({ ttlMs: 60_000 });
    await cache.start(ch.listen);
    const c = counter(() => 1);
    await cache.get('plans', 'k', c.load);
    await cache.stop();
    expect(ch.listening).toBe(false);
    await cache.get('plans', 'k', c.load);
    await cache.get('plans', 'k', c.load);
    expect(c.calls).toBe(3);
  });
});
