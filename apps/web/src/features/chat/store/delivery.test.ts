import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api';
import { isTransient, sendWithRetries } from './delivery';

const noWait = () => Promise.resolve();

describe('sendWithRetries', () => {
  it('tries again after network failures and server errors, then answers', async () => {
    const errors = [new ApiError(0, '网络异常'), new ApiError(503, '服务暂不可用')];
    let calls = 0;
    const result = await sendWithRetries(
      async () => {
        calls++;
        const err = errors.shift();
        if (err) throw err;
        return 'stored';
      },
      { delays: [1, 1, 1], sleep: noWait },
    );
    expect(result).toBe('stored');
    expect(calls).toBe(3);
  });

  it('gives up after the last delay with the last error', async () => {
    let calls = 0;
    await expect(
      sendWithRetries(
        () => {
          calls++;
          return Promise.reject(new ApiError(0, `第${calls}次`));
        },
        { delays: [1, 1], sleep: noWait },
      ),
    ).rejects.toThrow('第3次');
    expect(calls).toBe(3);
  });

  it('does not repeat a refusal (4xx) or a send the caller has abandoned', async () => {
    let calls = 0;
    await expect(
      sendWithRetries(
        () => {
          calls++;
          return Promise.reject(new ApiError(400, '消息最多2000个字'));
        },
        { delays: [1, 1], sleep: noWait },
      ),
    ).rejects.toThrow('消息最多2000个字');
    expect(calls).toBe(1);

    let keep = true;
    calls = 0;
    await expect(
      sendWithRetries(
        () => {
          calls++;
          keep = false;
          return Promise.reject(new ApiError(0, '网络异常'));
        },
        { delays: [1, 1], sleep: noWait, keepGoing: () => keep },
      ),
    ).rejects.toThrow('网络异常');
    expect(calls).toBe(1);
  });

  it('counts only network, 429 and 5xx as worth another try', () => {
    expect(isTransient(new ApiError(0, ''))).toBe(true);
    expect(isTransient(new ApiError(429, ''))).toBe(true);
    expect(isTransient(new ApiError(502, ''))).toBe(true);
    expect(isTransient(new ApiError(404, ''))).toBe(false);
    expect(isTransient(new ApiError(409, ''))).toBe(false);
    expect(isTransient(new TypeError('fetch failed'))).toBe(true);
  });
});
