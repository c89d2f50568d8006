import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_DATA_WAIT_MS, firstData } from './first-data';

afterEach(() => vi.useRealTimers());

describe('firstData', () => {
  it('answers as soon as every list has answered, failed ones included', async () => {
    vi.useFakeTimers();
    let settled = false;
    let answer!: () => void;
    const slow = new Promise<void>((r) => (answer = r));
    const done = firstData([Promise.resolve(1), Promise.reject(new Error('500')), slow]).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(settled).toBe(false);
    answer();
    await done;
    expect(settled).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits at most its limit for a list that does not answer', async () => {
    vi.useFakeTimers();
    let settled = false;
    const done = firstData([new Promise(() => {})]).then((v) => {
      settled = true;
      return v;
    });
    await vi.advanceTimersByTimeAsync(FIRST_DATA_WAIT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await done).toBeNull();
  });
});
