import { ApiError } from '../../../lib/api';

/**
 * Waits between automatic tries of one send. The message stays 发送中 meanwhile; after the
 * last try it shows 发送失败 with 重发. Every try carries the same clientMessageId, so a try
 * that was in fact stored (its answer lost) is stored once.
 */
export const SEND_RETRY_DELAYS_MS = [1_000, 3_000];

/** Worth trying again by itself: no answer (network, time-out), too many requests, or a server error. */
export function isTransient(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  return err.status === 0 || err.status === 429 || err.status >= 500;
}

/**
 * Calls `send` until it answers, fails for good (a non-transient error), the delays run
 * out, or `keepGoing` says stop; the last error is thrown.
 */
export async function sendWithRetries<T>(
  send: () => Promise<T>,
  opts: {
    delays?: readonly number[];
    keepGoing?: () => boolean;
    sleep?: (ms: number) => Promise<void>;
  } = {},
): Promise<T> {
  const delays = opts.delays ?? SEND_RETRY_DELAYS_MS;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (err) {
      const delay = delays[attempt];
      if (delay === undefined || !isTransient(err) || (opts.keepGoing && !opts.keepGoing())) throw err;
      await sleep(delay);
      if (opts.keepGoing && !opts.keepGoing()) throw err;
    }
  }
}
