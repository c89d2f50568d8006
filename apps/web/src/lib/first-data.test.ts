import { QueryClient, queryOptions } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_DATA_WAIT_MS, firstData } from './first-data';

afterEach(() => vi.useRealTimers());

/** A list whose answer the test gives by hand, and how often it was asked for. */
function list(name: string) {
  let answer!: (v: string[]) => void;
  let fail!: (e: Error) => void;
  const asked = { n: 0 };
  const query = queryOptions({
    queryKey: ['first-data', name],
    queryFn: () => {
      asked.n += 1;
      return new Promise<string[]>((resolve, reject) => {
        answer = resolve;
        fail = reject;
      });
    },
    retry: false,
  });
  return { query, asked, answer: (v: string[]) => answer(v), fail: (e: Error) => fail(e) };
}

describe('firstData', () => {
  it('waits until every list has answered (a failed one too), then the page renders with them', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const [a, b] = [list('a'), list('b')];
    let settled = false;
    const done = firstData([a.query, b.query], { client }).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(10);
    a.answer(['量表']);
    await vi.advanceTimersByTimeAsync(10);
    expect(settled).toBe(false);
    b.fail(new Error('500'));
    await done;
    expect(client.getQueryData(a.query.queryKey)).toEqual(['量表']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits at most its limit for a list that does not answer', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    let settled = false;
    const done = firstData([list('slow').query], { client }).then((v) => {
      settled = true;
      return v;
    });
    await vi.advanceTimersByTimeAsync(FIRST_DATA_WAIT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await done).toBeNull();
  });

  it('does not wait or ask again for a list already in the cache, even a stale one', async () => {
    const client = new QueryClient();
    const cached = list('cached');
    client.setQueryData(cached.query.queryKey, ['旧的']);
    await firstData([cached.query], { client, waitMs: 60_000 });
    expect(cached.asked.n).toBe(0);
  });
});
