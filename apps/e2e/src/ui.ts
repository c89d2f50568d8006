import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Screenshots for a person to review: `shot(page, name)` writes `<dir>/<prefix><name>.png` of
 * the whole page, after a moment for animations to settle (`settleMs`), scrolled to the top
 * first when `top`. `dir` defaults to SHOTS_DIR; without a folder nothing is written.
 */
export function screenshots(
  opts: { dir?: string | undefined; prefix?: string; top?: boolean; settleMs?: number } = {},
) {
  const { prefix = '', top = false, settleMs = 400 } = opts;
  return async function shot(page: Page, name: string) {
    const dir = opts.dir ?? process.env.SHOTS_DIR;
    if (!dir) return;
    fs.mkdirSync(dir, { recursive: true });
    if (top) await page.evaluate(() => window.scrollTo(0, 0));
    if (settleMs) await page.waitForTimeout(settleMs);
    await page.screenshot({ path: path.join(dir, `${prefix}${name}.png`), fullPage: true });
  };
}

/** Screenshots into SHOTS_DIR, when it is set. */
export const shot = screenshots();

/**
 * A button's accessible name: antd puts a space between two Chinese characters ("通 过") and
 * an icon adds its own name in front ("check 通过").
 */
export const label = (text: string) => new RegExp(`(^|\\s)${[...text].join('\\s*')}\\s*$`);

/** The button named `text` (see `label`) within a page, dialog or card. */
export const button = (within: Page | Locator, text: string) =>
  within.getByRole('button', { name: label(text) });

/** The page never scrolls sideways (a phone layout that fits). */
export async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * Scrolls down a page whose lower parts are drawn as they come near the screen (the home page's
 * sections: `WhenNear` in the web app) until every held place has been drawn.
 */
export async function revealAll(page: Page) {
  // The page's first section first: before it renders there is no held place to find.
  await page.locator('section[aria-labelledby]').first().waitFor();
  const held = page.getByTestId('when-near');
  // A plain loop, not expect.poll: the screenshot script uses it outside a test run.
  const deadline = Date.now() + 15_000;
  for (let n = await held.count(); n > 0; n = await held.count()) {
    if (Date.now() > deadline) throw new Error(`${n} held places were never drawn`);
    await held
      .first()
      .scrollIntoViewIfNeeded({ timeout: 2_000 })
      .catch(() => {});
    await page.waitForTimeout(50);
  }
}
