import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from '../src/browser';
import { revealAll } from '../src/ui';

describe.skipIf(!hasBrowser())('a visitor opens the platform', () => {
  const browser = useBrowser();

  it('/ leads to the home page with real content from the server', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await page.waitForURL('**/sys/home');
    await page.getByRole('heading', { name: '关注心理健康，从了解自己开始' }).waitFor();
    await revealAll(page);
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
    await revealAll(page);
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

  it('the banner carousel turns by itself, by its dots and by a swipe, and each banner leads on', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    // The browser tests ask for less motion by default; a carousel that turns by itself does not.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/sys/home');
    const carousel = page.getByRole('region', { name: '推荐活动' });
    const dots = carousel.getByRole('button', { name: /^第 \d+ 张：/ });
    await dots.first().waitFor();
    const n = await dots.count();
    expect(n).toBeGreaterThan(1);
    const current = () => carousel.locator('a[data-current]').getAttribute('aria-label');
    const titles = await carousel
      .locator('a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('aria-label')));
    // Shown is what is on the screen: the current banner fills the carousel's box.
    const inView = async () => {
      const box = (await carousel.boundingBox())!;
      const slide = (await carousel.locator('a[data-current]').boundingBox())!;
      return Math.abs(slide.x - box.x) < 2;
    };
    expect(await current()).toBe(titles[0]);
    // By itself, after five seconds.
    await expect.poll(current, { timeout: 9_000 }).toBe(titles[1]);
    await expect.poll(inView).toBe(true);
    // By a dot (the pointer on it holds the autoplay).
    await dots.nth(n - 1).click();
    await expect.poll(current).toBe(titles[n - 1]);
    await expect.poll(inView).toBe(true);
    expect(await dots.nth(n - 1).getAttribute('aria-current')).toBe('true');
    // By a swipe: the dots follow the scroll.
    await page.mouse.move(0, 0);
    await carousel
      .locator('div')
      .first()
      .evaluate((el) => el.scrollTo({ left: 0 }));
    await expect.poll(current).toBe(titles[0]);
    expect(await dots.first().getAttribute('aria-current')).toBe('true');
    const href = await carousel.locator('a[data-current]').getAttribute('href');
    await carousel.locator('a[data-current]').click();
    await page.waitForURL((u) => u.pathname + u.search === href);
  });

  it('the banner carousel stands still when the system asks for less motion', async () => {
    const page = await browser.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/sys/home');
    const carousel = page.getByRole('region', { name: '推荐活动' });
    await carousel.locator('a[data-current]').waitFor();
    const first = await carousel.locator('a[data-current]').getAttribute('aria-label');
    await page.waitForTimeout(6_500);
    expect(await carousel.locator('a[data-current]').getAttribute('aria-label')).toBe(first);
  });

  it('推荐专家 says so when no expert is listed, like the other sections', async () => {
    const page = await browser.newPage();
    await page.route('**/SysAdmin/api/expert/list?*', (route) =>
      route.fulfill({
        json: { status: 200, data: { list: [], total: 0, pageNum: 1, pageSize: 4 }, message: '' },
      }),
    );
    await page.goto('/sys/home');
    await revealAll(page);
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

  it('a keyboard user, or find in page, reaches every section without scrolling first', async () => {
    for (const key of ['Tab', 'Control+f']) {
      const page = await browser.newPage({ width: 390, height: 844 });
      await page.goto('/sys/home');
      await page.locator('#home-hot-assessments').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('when-near').count()).toBeGreaterThan(0);
      await page.keyboard.press(key);
      await page.locator('#home-institutions').waitFor({ state: 'attached' });
      await expect.poll(() => page.getByTestId('when-near').count()).toBe(0);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    }
  });

  it('fits a phone screen without sideways scrolling; what lies below the first screen is drawn on the way down', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await page.goto('/sys/home');
    await page.locator('#home-hot-assessments').waitFor();
    await page.waitForLoadState('networkidle');
    // A phone draws the first section with the page; the ones further down as they come near,
    // the footer's QR code too.
    expect(await page.locator('#home-institutions').count()).toBe(0);
    expect(await page.locator('.ant-qrcode').count()).toBe(0);
    expect(await page.getByTestId('when-near').count()).toBeGreaterThan(0);
    await revealAll(page);
    await page.getByText('北京心晴心理咨询中心').waitFor();
    await page.locator('footer .ant-qrcode canvas').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('lays the catalogue cards out 4, 3 or 2 a row on a wide screen, 2 on a tablet, 1 on a phone', async () => {
    const pages = [
      {
        path: '/app/website',
        cards: 'section[aria-labelledby="center-scales"] a[href^="/test/detail"]',
        wide: 4,
      },
      { path: '/app/expert', cards: 'a[href^="/experts/detail"]', wide: 3 },
    ];
    for (const { path, cards, wide } of pages) {
      for (const [width, perRow] of [
        [1280, wide],
        [800, 2],
        [390, 1],
      ] as const) {
        const page = await browser.newPage({ width, height: 900 });
        await page.goto(path);
        const links = page.locator(cards);
        await links.nth(perRow).waitFor();
        const boxes = await links.evaluateAll((all) => all.map((a) => a.getBoundingClientRect().toJSON()));
        const first = boxes[0] as DOMRect;
        const row = boxes.filter((b: DOMRect) => Math.abs(b.top - first.top) < 1);
        expect(row.length, `${path} at ${width} px`).toBe(perRow);
        // 16 px apart, all the same width.
        if (perRow > 1) expect(Math.round(row[1].left - first.right), path).toBe(16);
        expect(new Set(row.map((b: DOMRect) => Math.round(b.width))).size, path).toBe(1);
        await page.close();
      }
    }
  });

  it("a phone folds the expert list's filters behind 筛选, whose badge counts the ones chosen", async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await page.goto('/app/expert');
    const filter = page.getByRole('button', { name: /^filter 筛选$/ });
    await filter.waitFor();
    expect(await page.getByText('擅长领域').count()).toBe(0);
    expect(await filter.locator('xpath=..').getByTestId('badge-count').count()).toBe(0);
    await filter.click();
    await page.getByText('焦虑抑郁', { exact: true }).first().click();
    await page.getByText('共 2 位专家').waitFor();
    await filter.click();
    expect(await page.getByText('擅长领域').count()).toBe(0);
    expect(await filter.locator('xpath=..').getByTestId('badge-count').innerText()).toBe('1');
  });

  it("测评中心's and 心理咨询's search boxes search by the button or Enter and clear with their icon", async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await page.goto('/app/website');
    const scales = page.getByRole('searchbox', { name: '搜索量表' });
    await scales.fill('焦虑');
    await page.getByRole('button', { name: '清除' }).waitFor();
    await page.getByRole('search').filter({ has: scales }).getByRole('button', { name: '搜索' }).click();
    await page.waitForURL(/\/test\/list\?keyword=%E7%84%A6%E8%99%91$/);

    await page.goto('/app/expert');
    const experts = page.getByRole('searchbox', { name: '搜索专家' });
    await page.getByText('共 4 位专家').waitFor();
    await experts.fill('王静怡');
    await experts.press('Enter');
    await page.getByText('共 1 位专家').waitFor();
    // Emptied by its clear icon, the list is the whole list again.
    await page.getByRole('search').filter({ has: experts }).getByRole('button', { name: '清除' }).click();
    expect(await experts.inputValue()).toBe('');
    await page.getByText('共 4 位专家').waitFor();
  });
});
