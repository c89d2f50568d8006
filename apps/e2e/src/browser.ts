import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { launchChromium } from './chromium';
import { baseUrl } from './base-url';

export const hasBrowser = (): boolean => !!inject('chromium');

/** What a failed test leaves behind for the log: each page's address, API errors and toasts. */
async function describePages(pages: { page: Page; errors: string[] }[]): Promise<string> {
  const lines: string[] = [];
  for (const [i, { page, errors }] of pages.entries()) {
    if (page.isClosed()) continue;
    const toasts = await page
      .locator(
        '.ant-message-notice, .ant-notification-notice, .ant-alert-message, .ant-form-item-explain-error',
      )
      .allInnerTexts()
      .catch(() => []);
    lines.push(`page ${i + 1}: ${page.url()}`);
    for (const e of errors.slice(-10)) lines.push(`  api: ${e}`);
    for (const t of toasts.slice(-10)) lines.push(`  shown: ${t.replace(/\s+/g, ' ')}`);
  }
  return lines.join('\n');
}

/** One Chromium per test file; each test opens pages in its own fresh context. */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const pages: { page: Page; errors: string[] }[] = [];
  beforeAll(async () => {
    if (hasBrowser()) browser = await launchChromium();
  });
  beforeEach((ctx) => {
    // A browser test that fails says what the pages showed and which API calls were refused.
    ctx.onTestFailed(async () => {
      const text = await describePages(pages);
      if (text) console.error(`[e2e] pages at failure of "${ctx.task.name}":\n${text}`);
    });
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
  });
  return {
    base: () => baseUrl(),
    /** A page in a fresh context; `javaScriptEnabled: false` shows what the HTML alone paints. */
    async newPage(
      viewport = { width: 1366, height: 900 },
      options: { javaScriptEnabled?: boolean } = {},
    ): Promise<Page> {
      if (!browser) throw new Error('no browser');
      // Reduced motion (the app then turns antd's animations off): a click in a menu or a list that
      // is still sliding in can land beside its target on a loaded machine.
      const context = await browser.newContext({
        viewport,
        locale: 'zh-CN',
        reducedMotion: 'reduce',
        baseURL: baseUrl(),
        javaScriptEnabled: options.javaScriptEnabled ?? true,
      });
      contexts.push(context);
      const page = await context.newPage();
      const entry = { page, errors: [] as string[] };
      page.on('response', (r) => {
        if (r.status() >= 400 && r.url().includes('/api/'))
          entry.errors.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
      });
      pages.push(entry);
      return page;
    },
  };
}
