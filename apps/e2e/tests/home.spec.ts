import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from '../src/browser';

describe.skipIf(!hasBrowser())('a visitor opens the platform', () => {
  const browser = useBrowser();

  it('/ leads to the home page with real content from the server', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await page.waitForURL('**/sys/home');
    await page.getByRole('heading', { name: '关注心理健康，从了解自己开始' }).waitFor();
    await page.getByText('北京心晴心理咨询中心').waitFor();
    expect(await page.title()).toBe('首页 - 心理测评与咨询平台');
    const [institutions, experts, users] = (await page.locator('dl dd').allTextContents()).map(Number);
    expect([institutions, experts]).toEqual([4, 4]);
    // Other browser tests may have added accounts by SMS login.
    expect(users).toBeGreaterThanOrEqual(9);
    expect(await page.getByRole('link', { name: /12356/ }).getAttribute('href')).toBe('tel:12356');
    await page.getByText(/ICP备/).waitFor();
  });

  it('an unknown path shows the 404 page, which leads home', async () => {
    const page = await browser.newPage();
    await page.goto('/nowhere/at/all');
    await page.waitForURL('**/404');
    await page.getByText('页面不存在', { exact: true }).waitFor();
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL('**/sys/home');
  });

  it('fits a phone screen without sideways scrolling', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await page.goto('/sys/home');
    await page.getByText('北京心晴心理咨询中心').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
