import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from '../src/browser';
import { DEMO, signIn } from '../src/session';
import { revealAll, shot } from '../src/ui';

const png = (color: string) =>
  sharp({ create: { width: 480, height: 320, channels: 3, background: color } })
    .png()
    .toBuffer();

const file = async (name: string, color: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await png(color),
});

describe.skipIf(!hasBrowser())('news, expert tweets and search', () => {
  const browser = useBrowser();
  const title = `端到端测试资讯 ${Date.now() % 100000}`;
  let articleId = 0;

  it('an auditor writes and publishes an article with an image; a visitor reads it', async () => {
    const page = await browser.newPage();
    await signIn(page, DEMO.auditor);
    await page.goto('/audit/news/detail');
    await page.getByLabel('标题', { exact: true }).fill(title);
    await page.getByLabel('摘要').fill('这是一篇由端到端测试撰写的资讯，用来检查从撰写到阅读的全过程。');
    const editor = page.getByRole('textbox', { name: '正文' });
    await editor.click();
    await page.keyboard.type('焦虑并不可怕，了解它是第一步。');
    await page.getByLabel('选择图片').setInputFiles(await file('inline.png', '#13a8a8'));
    await editor.locator('img').waitFor();
    await shot(page, 'news-editor');
    await page.getByRole('button', { name: '立即发布' }).click();
    await page.getByText('资讯已发布').first().waitFor();
    await page.waitForURL(/\/audit\/news\/detail\?id=\d+/);
    const id = new URL(page.url()).searchParams.get('id');

    const visitor = await browser.newPage();
    await visitor.goto(`/news/detail?id=${id}`);
    await visitor.getByRole('heading', { name: title }).waitFor();
    await visitor.getByText('焦虑并不可怕，了解它是第一步。').waitFor();
    const image = visitor.locator('article .ant-card').first().locator('img').last();
    expect(await image.getAttribute('src')).toMatch(/^\/SysAdmin\/file\/upload\/content-.+\.webp$/);
    const loaded = await image.evaluate((img: HTMLImageElement) => img.naturalWidth);
    expect(loaded).toBeGreaterThan(0);
    expect(await visitor.title()).toBe(`${title} - 心理测评与咨询平台`);
    await visitor.getByText(/1 次阅读/).waitFor();
    // The served page already names the article, for link previews that run no script.
    const served = await (await visitor.request.get(`/news/detail?id=${id}`)).text();
    expect(served).toContain(`<title>${title} - 心理测评与咨询平台</title>`);
    expect(served).toContain('content="这是一篇由端到端测试撰写的资讯，用来检查从撰写到阅读的全过程。"');
    articleId = Number(id);
  });

  it("the tab keeps the article's title when the site name arrives after the article", async () => {
    expect(articleId).toBeGreaterThan(0);
    const late = await browser.newPage();
    let articleShown = () => {};
    const shown = new Promise<void>((resolve) => (articleShown = resolve));
    await late.route('**/SysAdmin/api/site/config', async (route) => {
      await shown;
      const res = await route.fetch();
      const body = (await res.json()) as { data: { name: string } };
      await route.fulfill({ response: res, json: { ...body, data: { ...body.data, name: '测试站点' } } });
    });
    await late.goto(`/news/detail?id=${articleId}`);
    await late.getByRole('heading', { name: title }).waitFor();
    articleShown();
    await late.getByText('测试站点').first().waitFor();
    await expect.poll(() => late.title()).toBe(`${title} - 测试站点`);
  });

  it('a visitor scrolls the news list to a second page and opens an article from it', async () => {
    const page = await browser.newPage();
    await page.goto('/app/news');
    const items = page.getByTestId('news-item');
    await items.first().waitFor();
    expect(await items.count()).toBe(10);
    await shot(page, 'news-list');
    await page.mouse.wheel(0, 20000);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBeGreaterThan(10);
    await page.getByText(/已显示全部 \d+ 篇/).waitFor();
    const last = items.last();
    const lastTitle = (await last.locator('h3').textContent())!.replace(/^置顶/, '');
    await last.click();
    await page.waitForURL(/\/news\/detail\?id=\d+/);
    await page.getByRole('heading', { name: lastTitle }).waitFor();
    await page.getByText('相关资讯').or(page.getByText('上一篇')).first().waitFor();
    // The header keeps 最新资讯 marked on an article.
    expect(await page.locator('header nav [aria-current="page"]').allTextContents()).toEqual(['最新资讯']);
    await shot(page, 'news-detail');
    // Back on the kept-alive list, where the reader was.
    await page.goBack();
    await page.waitForURL('**/app/news');
    expect(await items.count()).toBeGreaterThan(10);
  });

  it('an expert posts a tweet with two images, an auditor approves it, and it shows on the expert page and home', async () => {
    const text = `端到端动态：今天分享两张放松练习的图 ${Date.now() % 100000}`;
    const expert = await browser.newPage();
    const me = await signIn(expert, DEMO.expert);
    await expert.goto('/expert/tweet/detail');
    await expert.getByPlaceholder(/分享一点心理健康小知识/).fill(text);
    await expert
      .locator('.ant-upload input[type=file]')
      .setInputFiles([await file('a.png', '#1677ff'), await file('b.png', '#fa8c16')]);
    await expect
      .poll(() => expert.locator('.ant-upload-list-item-done, .ant-upload-list-item-container img').count(), {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(2);
    await shot(expert, 'tweet-editor');
    await expert.getByRole('button', { name: '提交审核' }).click();
    await expert.waitForURL('**/expert/tweet');
    await expert.getByText(text).waitFor();
    await expert.getByTestId('my-tweet').filter({ hasText: text }).getByText('审核中').waitFor();

    const auditor = await browser.newPage();
    await signIn(auditor, DEMO.auditor);
    await auditor.goto('/audit/tweet/list');
    await auditor
      .getByTestId('review-tweet')
      .filter({ hasText: text })
      .getByRole('link', { name: '审核' })
      .click();
    await auditor.getByTestId('review-content').getByText(text).waitFor();
    await auditor.getByRole('button', { name: /^check 通过$|^通过$/ }).click();
    // The confirmation's own button (antd spaces two-character labels: 通 过).
    await auditor
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /通\s?过/ })
      .click();
    await auditor.getByText('已通过，动态已发布').first().waitFor();

    const visitor = await browser.newPage();
    await visitor.goto(`/experts/detail?id=${me.userinfo.id}`);
    const card = visitor.getByTestId('expert-tweets').getByTestId('tweet-card').filter({ hasText: text });
    await card.waitFor();
    // The tweet's two pictures (the card's avatar is the expert's portrait, not counted).
    expect(await card.locator('img[src*="content-"]').count()).toBe(2);
    await visitor.goto('/sys/home');
    await revealAll(visitor);
    await visitor.locator('#home-tweets').waitFor();
    await visitor.getByTestId('tweet-card').filter({ hasText: text }).waitFor();
    await shot(visitor, 'home-desktop');

    const phone = await browser.newPage({ width: 375, height: 812 });
    await phone.goto('/sys/home');
    await revealAll(phone);
    await phone.getByTestId('tweet-card').filter({ hasText: text }).waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(phone, 'home-phone');
    // Three accounts, two uploads and a review: near the 60 s default on a busy two-core machine.
  }, 120_000);

  it('a visitor searches 焦虑 from the header and sees results in several tabs', async () => {
    const page = await browser.newPage();
    await page.goto('/sys/home');
    const box = page.getByRole('searchbox', { name: '站内搜索' }).or(page.getByLabel('站内搜索')).first();
    await box.fill('焦虑');
    await box.press('Enter');
    await page.waitForURL(/\/all\/search\?code=/);
    await page.getByRole('heading', { name: '“焦虑”的搜索结果' }).waitFor();
    const tabs = page.getByRole('tab');
    await tabs.first().waitFor();
    const names = await tabs.allTextContents();
    expect(names.some((n) => /^量表 \d+/.test(n))).toBe(true);
    expect(names.some((n) => /^资讯 \d+/.test(n))).toBe(true);
    expect(names.some((n) => /^专家动态 \d+/.test(n))).toBe(true);
    expect(await page.locator('mark', { hasText: '焦虑' }).count()).toBeGreaterThan(0);
    await shot(page, 'search-results');
    await page.getByRole('tab', { name: /^资讯 / }).click();
    await page.waitForURL(/kind=news/);
    await page.getByTestId('search-hit').filter({ hasText: title }).waitFor();
    // The header box keeps the keyword.
    expect(await box.inputValue()).toBe('焦虑');

    // A tweet hit opens the expert's page on that tweet, marked and in view.
    await page.getByRole('tab', { name: /^专家动态 / }).click();
    await page.waitForURL(/kind=tweet/);
    const hit = page.getByTestId('search-hit').filter({ hasText: '4-7-8 呼吸法' });
    await hit.click();
    await page.waitForURL(/\/experts\/detail\?id=\d+&tweet=\d+/);
    const marked = page.locator('[data-testid="tweet-card"][data-highlighted]');
    await marked.waitFor();
    expect(await marked.count()).toBe(1);
    expect(await marked.textContent()).toContain('4-7-8 呼吸法');
    await expect
      .poll(() =>
        marked.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    await shot(page, 'tweet-from-search');
  });
});
