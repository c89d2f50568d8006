import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from '../src/browser';

// The pages a visitor opens first come with their heading in the HTML (apps/web/src/lib/
// first-screens.ts), painted before any script runs. React then replaces it: the same words
// must sit in the same boxes, or the page would jump, and a phone's largest paint would wait
// for the scripts again.

const PAGES = [
  { path: '/app/website', heading: '测评中心', text: /^选用国际通用的专业量表/ },
  { path: '/app/expert', heading: '心理咨询', text: /^持证专业咨询师/ },
  // The home page also paints the carousel's first banner (the server knows it).
  {
    path: '/sys/home',
    heading: '关注心理健康，从了解自己开始',
    text: /^专业量表测评、系统心理课程/,
    image: { plain: '.fs-banner img', app: 'section[aria-label="推荐活动"] a[data-current] img' },
  },
];
const WIDTHS = [390, 1280];

type Box = { x: number; y: number; width: number; height: number };

async function boxes(page: Page, heading: string, text: RegExp, image?: string): Promise<Box[]> {
  const h = page.getByRole('heading', { name: heading, exact: true });
  const t = page.getByText(text);
  await h.waitFor();
  const found = [(await h.boundingBox())!, (await t.boundingBox())!];
  if (image) {
    const img = page.locator(image).first();
    await img.waitFor();
    // Painted, not only placed: the picture has arrived.
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
      .toBe(true);
    found.push((await img.boundingBox())!);
  }
  return found;
}

describe.skipIf(!hasBrowser())('first screens painted before the scripts', () => {
  const browser = useBrowser();

  for (const { path, heading, text, image } of PAGES) {
    it(`${path}: the HTML alone shows the heading where the page shows it, at ${WIDTHS.join(' and ')} px`, async () => {
      for (const width of WIDTHS) {
        const viewport = { width, height: 900 };
        const plain = await browser.newPage(viewport, { javaScriptEnabled: false });
        await plain.goto(path);
        expect(await plain.locator('[data-first-screen]').count()).toBe(1);
        const before = await boxes(plain, heading, text, image?.plain);

        const page = await browser.newPage(viewport);
        await page.goto(path);
        // The app has rendered: the static copy is gone, replaced by the page.
        await page.locator('[data-first-screen]').waitFor({ state: 'detached' });
        await page.locator('main').getByRole('button').first().waitFor();
        const after = await boxes(page, heading, text, image?.app);

        for (const [i, box] of before.entries()) {
          const label = `${path} @${width}px, ${['heading', 'text', 'banner'][i]}`;
          for (const k of ['x', 'y', 'width', 'height'] as const) {
            expect(
              Math.abs(box[k] - after[i]![k]),
              `${label} ${k}: ${box[k]} vs ${after[i]![k]}`,
            ).toBeLessThanOrEqual(1);
          }
        }
      }
    });
  }

  it('other pages get no first screen of another page', async () => {
    const plain = await browser.newPage({ width: 390, height: 900 }, { javaScriptEnabled: false });
    await plain.goto('/test/list');
    expect(await plain.locator('[data-first-screen]').count()).toBe(0);
  });

  it('loads the boot steps as one chunk each, evaluated one after another, not before the entry runs', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/app/website');
    await page.locator('[data-first-screen]').waitFor({ state: 'detached' });
    // React, antd's core and the app's shell: one chunk each (apps/web/boot-chunks.ts).
    for (const step of ['boot-react', 'boot-antd', 'boot-app']) {
      expect(
        scripts.filter((s) => s.includes(`/${step}-`)),
        step,
      ).toHaveLength(1);
    }
    // The entry imports none of them statically: each is evaluated when main.tsx asks for it,
    // in a task of its own, not all before its first line.
    const html = await (await page.request.get('/app/website')).text();
    const entry = /import\("(\/assets\/index-[\w-]+\.js)"\)/.exec(html)![1]!;
    const code = await (await page.request.get(entry)).text();
    const statics = [
      ...code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g),
    ].map((m) => m[1]!);
    expect(statics.length).toBeGreaterThan(0);
    expect(statics.filter((s) => /boot-(react|antd|app)-/.test(s))).toEqual([]);
    await page.close();
  });

  it("starts the scripts after the first paint, adding the page's preloads a few at a time", async () => {
    for (const path of ['/sys/home', '/app/expert']) {
      const page = await browser.newPage({ width: 390, height: 844 });
      // Each task's additions reach the observer together, at the end of that task.
      await page.addInitScript(() => {
        const w = window as unknown as { batches: string[][] };
        w.batches = [];
        new MutationObserver((records) => {
          const added = records
            .flatMap((r) => Array.from(r.addedNodes))
            .filter((n): n is HTMLLinkElement => n instanceof HTMLLinkElement && n.rel === 'modulepreload')
            .map((l) => l.getAttribute('href')!);
          if (added.length > 0) w.batches.push(added);
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(path);
      await page.locator('[data-first-screen]').waitFor({ state: 'detached' });
      const named = await page
        .locator('link[data-modulepreload]')
        .evaluateAll((links) => links.map((l) => l.getAttribute('href')!));
      // More than two batches: the batching is what is tested.
      expect(named.length, path).toBeGreaterThan(32);
      // Every chunk the shell names is preloaded, in its order, 16 at most in one task (all at
      // once was one long task on a phone), the entry's first.
      const batches = (await page.evaluate(() => (window as unknown as { batches: string[][] }).batches))
        .map((b) => b.filter((href) => named.includes(href)))
        .filter((b) => b.length > 0);
      expect(batches.flat(), path).toEqual(named);
      expect(Math.max(...batches.map((b) => b.length)), path).toBeLessThanOrEqual(16);
      await page.close();
    }
  });
});
