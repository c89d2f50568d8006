import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from '../src/browser';
import { DEMO, signIn } from '../src/session';

const here = path.dirname(fileURLToPath(import.meta.url));
const VIDEO = fs.readFileSync(path.join(here, '../../server/src/db/seed/courses/work-1.mp4'));
/** A 1x1 PNG: the server re-encodes it into a 960x540 WebP cover. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const BOUGHT = '好好说话：亲密关系中的沟通练习';
const NEW_TITLE = `正念减压入门 ${Date.now().toString(36)}`;

/** antd puts a space between the two characters of a two-character button. */
const twoChars = (s: string) => new RegExp(`^${s[0]}\\s?${s[1]}$`);

const videoTime = (page: Page) => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);

async function play(page: Page) {
  await page.locator('video').waitFor();
  await page.locator('video').evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
}

describe.skipIf(!hasBrowser())('courses: browse, buy, watch and resume; publish and review', () => {
  const browser = useBrowser();

  it('a visitor browses the catalogue by category and opens a course', async () => {
    const page = await browser.newPage();
    await page.goto('/sys/home');
    await page.getByRole('link', { name: '课程学习' }).first().click();
    await page.waitForURL('**/app/course');
    await page.getByText(/共 \d+ 门课程/).waitFor();
    // The kept-alive home page behind holds course cards with the same category tags: only the visible filter.
    await page.getByText('亲密关系', { exact: true }).filter({ visible: true }).first().click();
    await page.waitForURL(/category=/);
    await page.getByText('共 1 门课程').waitFor();
    await page.getByRole('link', { name: BOUGHT }).click();
    await page.waitForURL(/\/course\/detail\?id=\d+/);
    await page.getByRole('heading', { name: BOUGHT }).waitFor();
    await page.getByText('课程目录').waitFor();
    expect(await page.getByText('试看').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: /立即购买/ }).waitFor();
  });

  it('the demo user buys it in the cashier, plays a lesson and comes back to the same second', async () => {
    const page = await browser.newPage();
    await signIn(page, DEMO.user);
    await page.goto('/app/course?category=亲密关系');
    await page.getByRole('link', { name: BOUGHT }).click();
    await page.getByRole('button', { name: /立即购买/ }).click();
    await page.waitForURL(/\/course\/pay\?id=\d+/);
    await page.getByText('¥69.00').filter({ visible: true }).first().waitFor();
    await page.getByRole('button', { name: /提交订单并支付/ }).click();
    await page.waitForURL(/\/sandbox\/cashier\?orderNo=P\d{20}/);
    await page.getByRole('button', { name: /确认支付 ¥69\.00/ }).click();
    await page.getByText('支付成功').waitFor();
    await page.getByRole('button', { name: /查看课程/ }).click();
    await page.waitForURL(/\/course\/detail\?id=\d+/);
    await page.getByRole('button', { name: /开始学习/ }).click();
    await page.waitForURL(/\/user\/course\?courseId=\d+/);

    await play(page);
    await expect.poll(() => videoTime(page), { timeout: 15_000 }).toBeGreaterThan(3.5);
    await page.locator('video').evaluate((v: HTMLVideoElement) => v.pause());
    const left = await videoTime(page);
    // Leaving inside the app saves where the video was.
    await page.getByRole('link', { name: '我的课程' }).first().click();
    await page.waitForURL(/\/user\/course$/);
    const card = page.locator('.ant-card', { hasText: BOUGHT });
    // The line is an ellipsis Text: while antd measures it, a second (hidden) copy exists.
    await card
      .getByText(/上次学到：亲密关系中的沟通/)
      .first()
      .waitFor();

    // Another device: a fresh browser context, signed in again.
    const other = await browser.newPage({ width: 375, height: 812 });
    await signIn(other, DEMO.user);
    await other.goto('/user/course');
    await other
      .locator('.ant-card', { hasText: BOUGHT })
      .getByRole('button', { name: /继续学习/ })
      .click();
    await other.locator('video').waitFor();
    await expect.poll(() => videoTime(other), { timeout: 10_000 }).toBeGreaterThan(left - 1);
    expect(await videoTime(other)).toBeLessThan(left + 1);
    expect(await other.locator('[aria-current="true"]').innerText()).toContain('亲密关系中的沟通');
  });

  it('the expert creates a course, uploads a lesson with a progress bar, and submits it', async () => {
    const page = await browser.newPage();
    await signIn(page, DEMO.expert);
    await page.goto('/expert/course/list');
    await page.getByRole('button', { name: /新建课程/ }).click();
    await page.waitForURL('**/expert/course/detail');

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: /上传封面/ }).click();
    await (await chooser).setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('img', { name: /封面/ }).waitFor();

    await page.getByLabel('课程名称').fill(NEW_TITLE);
    await page.getByLabel('分类').click();
    await page.locator('.ant-select-item-option', { hasText: '职场压力' }).click();
    await page.getByLabel('价格（元）').fill('9.9');
    await page
      .getByLabel('课程介绍')
      .fill('用正念练习照顾紧绷的身体与思绪，每天十分钟，帮助你在忙碌的工作中找回平静。');
    await page.getByLabel('第 1 课时名称').fill('身体扫描练习');

    // A slow line, so the upload's own progress is there to see.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 50,
      downloadThroughput: -1,
      uploadThroughput: 30 * 1024,
    });
    await page.locator('input[type=file][aria-label="身体扫描练习视频文件"]').setInputFiles({
      name: 'body-scan.mp4',
      mimeType: 'video/mp4',
      buffer: VIDEO,
    });
    const uploading = page.getByRole('group', { name: /身体扫描练习上传中/ });
    await uploading.waitFor();
    await uploading.locator('.ant-progress').waitFor();
    await uploading.getByRole('button', { name: /取\s?消/ }).waitFor();
    await page.getByText(/0:12 · MP4 · 480×270/).waitFor({ timeout: 20_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    await page.getByRole('button', { name: /提交审核/ }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: twoChars('提交') })
      .click();
    await page.getByText('已提交审核，审核结果会通过消息通知您').waitFor();
    await page.waitForURL(/\/expert\/course\/detail\?id=\d+/);
    await page.getByText('课程正在审核中，审核结束前不能修改').waitFor();
  });

  it('the auditor watches and approves it; it appears in the catalogue', async () => {
    const page = await browser.newPage();
    await signIn(page, DEMO.auditor);
    await page.goto('/audit/course/list');
    await page.getByRole('link', { name: NEW_TITLE }).click();
    await page.waitForURL(/\/audit\/course\/detail\?id=\d+/);
    await page.locator('video').waitFor();
    await page.getByText(/文件：body-scan\.mp4/).waitFor();
    await page.getByRole('button', { name: /通\s?过$/ }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: twoChars('通过') })
      .click();
    await page.getByText('审核通过，课程已上架').first().waitFor();

    const visitor = await browser.newPage();
    await visitor.goto(`/app/course?keyword=${encodeURIComponent(NEW_TITLE)}`);
    await visitor.getByRole('link', { name: NEW_TITLE }).waitFor();
    expect(await visitor.getByText('¥9.90').count()).toBeGreaterThan(0);
  });
});
