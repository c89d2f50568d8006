import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchChromium } from './chromium';

export const hasBrowser = (): boolean => !!inject('chromium');

/** One Chromium per test file; each test opens pages in its own fresh context. */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    if (hasBrowser()) browser = await launchChromium();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
  });
  return {
    base: () => inject('baseUrl'),
    async newPage(viewport = { width: 1366, height: 900 }): Promise<Page> {
      if (!browser) throw new Error('no browser');
      const context = await browser.newContext({ viewport, locale: 'zh-CN', baseURL: inject('baseUrl') });
      contexts.push(context);
      return context.newPage();
    },
  };
}
