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

  it('each partner institution leads to its page; each section leads to its full list', async () => {
    const page = await browser.newPage();
    await page.goto('/sys/home');
    const more = async (section: string) =>
      page.locator(`section[aria-labelledby="${section}"] > div a`).first().getAttribute('href');
    await page.locator('#home-institutions').waitFor();
    expect(await more('home-hot-assessments')).toBe('/app/website');
    expect(await more('home-plans')).toBe('/combit/list');
    expect(await more('home-courses')).toBe('/app/course');
    expect(await more('home-experts')).toBe('/app/expert');
    expect(await more('home-news')).toBe('/app/news');
    expect(await more('home-tweets')).toBe('/app/expert');
    expect(await more('home-institutions')).toBe('/app/expert');
    await page.getByTestId('institution-card').filter({ hasText: '北京心晴心理咨询中心' }).click();
    await page.waitForURL(/\/department\/detail\?id=\d+$/);
    await page.getByRole('heading', { name: '北京心晴心理咨询中心' }).waitFor();
    await page.getByRole('heading', { name: /^机构专家（\d+）$/ }).waitFor();
  });

  it('推荐专家 says so when no expert is listed, like the other sections', async () => {
    const page = await browser.newPage();
    await page.route('**/SysAdmin/api/expert/list?*', (route) =>
      route.fulfill({
        json: { status: 200, data: { list: [], total: 0, pageNum: 1, pageSize: 4 }, message: '' },
      }),
    );
    await page.goto('/sys/home');
    const section = page.locator('section[aria-labelledby="home-experts"]');
    await section.getByText('暂无可预约的专家').waitFor();
    expect(await section.getByRole('heading', { name: '推荐专家' }).count()).toBe(1);
  });

  it('follows the system setting for less motion, live: the animations stop once it is switched on', async () => {
    const page = await browser.newPage();
    const duration = () =>
      page.evaluate(() =>
        getComputedStyle(document.querySelector('.ant-btn')!)
          .getPropertyValue('--ant-motion-duration-mid')
          .trim(),
      );
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/sys/home');
    await page.locator('.ant-btn:visible').first().waitFor();
    await expect.poll(duration).toBe('0.2s');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(duration).toBe('0s');
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
