import { inject } from 'vitest';

/**
 * The server this test file's worker talks to (global-setup.ts starts one per worker): Vitest
 * numbers its workers from 1 (VITEST_POOL_ID), and each keeps its number for the whole run.
 */
export function baseUrl(): string {
  const urls = inject('baseUrls');
  if (urls.length === 0) return '';
  return urls[(Math.max(1, Number(process.env.VITEST_POOL_ID ?? 1)) - 1) % urls.length]!;
}
