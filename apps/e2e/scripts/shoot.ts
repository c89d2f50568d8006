/**
 * Takes screenshots of pages of a running server, for a person to look at.
 * Usage: tsx apps/e2e/scripts/shoot.ts <baseUrl> <outDir> <path>[@width] ...
 * A width of 390 gives a phone-sized viewport. Set TOKEN to sign in first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { launchChromium } from '../src/chromium';
import { revealAll } from '../src/ui';

const [base, outDir, ...paths] = process.argv.slice(2);
if (!base || !outDir || paths.length === 0) {
  console.error('usage: shoot.ts <baseUrl> <outDir> <path>[@width] ...');
  process.exit(2);
}
fs.mkdirSync(outDir, { recursive: true });
const browser = await launchChromium();
try {
  for (const spec of paths) {
    const [p, w] = spec.split('@');
    const width = Number(w ?? 1366);
    const context = await browser.newContext({
      viewport: { width, height: width < 600 ? 844 : 900 },
      deviceScaleFactor: 1,
      locale: 'zh-CN',
    });
    const page = await context.newPage();
    if (process.env.TOKEN) {
      await page.goto(base);
      await page.evaluate(
        ([t, u]) => {
          localStorage.setItem('userToken', t!);
          if (u) localStorage.setItem('userInfo', u);
        },
        [process.env.TOKEN, process.env.USER_INFO ?? ''],
      );
    }
    await page.goto(new URL(p!, base).toString(), { waitUntil: 'networkidle' });
    await page.waitForTimeout(Number(process.env.WAIT_MS ?? 400));
    // A whole-page picture: first draw what a page draws only as it comes near the screen.
    if (process.env.FULL !== '0' && (await page.getByTestId('when-near').count()) > 0) {
      await revealAll(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(400);
    }
    const file = path.join(
      outDir,
      `${p!.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root'}-${width}.png`,
    );
    await page.screenshot({ path: file, fullPage: process.env.FULL !== '0' });
    console.log(file);
    await context.close();
  }
} finally {
  await browser.close();
}
