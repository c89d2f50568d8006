import { describe, expect, it } from 'vitest';
import { fakeChannel } from '../../lib/test-channel';
import { createSessionCache, SESSION_CHANNEL } from './session-cache';

interface Row {
  userId: number;
  role: string;
}

function db(rows: Record<string, Row>) {
  let reads = 0;
  return {
    load: (hash: string) => async () => {
      reads += 1;
      return rows[hash] ? { ...rows[hash] } : undefined;
    },
    get reads() {
      return reads;
    },
  };
}

describe('session cache', () => {
  it('reads the database every time until it listens, and with a ttl of 0', async () => {
    const store = db({ a: { userId: 1, role: 'user' } });
    const cache = createSessionCache<Row>({ ttlMs: 60_000 });
    await cache.get('a', store.load('a'));
    await cache.get('a', store.load('a'));
    expect(store.reads).toBe(2);

    const off = createSessionCache<Row>({ ttlMs: 0 });
    await off.start(fakeChannel().listen);
    await off.get('a', store.load('a'));
    await off.get('a', store.load('a'));
    expect(store.reads).toBe(4);
    expect(off.size()).toBe(0);
  });

  it("keeps a session until a notice for its account, which forgets only that account's sessions", async () => {
    const ch = fakeChannel();
    const rows = {
      a1: { userId: 1, role: 'user' },
      a2: { userId: 1, role: 'user' },
      b: { userId: 2, role: 'expert' },
    };
    const store = db(rows);
    const cache = createSessionCache<Row>({ ttlMs: 60_000 });
    await cache.start(ch.listen);
    expect(ch.channel).toBe(SESSION_CHANNEL);
    for (const h of ['a1', 'a2', 'b', 'a1', 'b']) await cache.get(h, store.load(h));
    expect(store.reads).toBe(3);
    expect(cache.size()).toBe(3);

    rows.a1.role = 'expert';
    ch.notify('1');
    expect(cache.size()).toBe(1);
    expect((await cache.get('a1', store.load('a1')))?.role).toBe('expert');
    await cache.get('b', store.load('b'));
    expect(store.reads).toBe(4);

    // A payload it does not understand (a truncate) forgets everything.
    ch.notify('*');
    expect(cache.size()).toBe(0);
  });

  it('never remembers an unknown token, and times entries out', async () => {
    let t = 0;
    const ch = fakeChannel();
    const rows: Record<string, Row> = {};
    const store = db(rows);
    const cache = createSessionCache<Row>({ ttlMs: 1000, now: () => t });
    await cache.start(ch.listen);
    expect(await cache.get('new', store.load('new'))).toBeUndefined();
    rows.new = { userId: 3, role: 'user' }; // the login that creates it
    expect(await cache.get('new', store.load('new'))).toEqual({ userId: 3, role: 'user' });
    await cache.get('new', store.load('new'));
    expect(store.reads).toBe(2);
    t = 1000;
    await cache.get('new', store.load('new'));
    expect(store.reads).toBe(3);
  });

  it('shares a load among concurrent callers, and stores none begun before a notice', async () => {
    const ch = fakeChannel();
    const cache = createSessionCache<Row>({ ttlMs: 60_000 });
    await cache.start(ch.listen);
    const pending: ((row: Row) => void)[] = [];
    let loads = 0;
    const slow = () => {
      loads += 1;
      return new Promise<Row>((r) => pending.push(r));
    };
    const release = (row: Row) => pending.forEach((r) => r(row));
    const first = cache.get('a', slow);
    const second = cache.get('a', slow);
    expect(loads).toBe(1);
    ch.notify('1'); // the session was revoked while it was being read
    const third = cache.get('a', slow); // a caller after the notice does not share the old read
    expect(loads).toBe(2);
    release({ userId: 1, role: 'user' });
    await Promise.all([first, second, third]);
    expect(cache.size()).toBe(1); // only the read begun after the notice
  });

  it('holds at most maxEntries, dropping the oldest', async () => {
    const ch = fakeChannel();
    const cache = createSessionCache<Row>({ ttlMs: 60_000, maxEntries: 2 });
    await cache.start(ch.listen);
    for (const h of ['x', 'y', 'z']) await cache.get(h, async () => ({ userId: 9, role: 'user' }));
    expect(cache.size()).toBe(2);
    ch.notify('9');
    expect(cache.size()).toBe(0);
    await cache.stop();
    expect(ch.listening).toBe(false);
  });
});
