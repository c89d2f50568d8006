import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from '../src/browser';
import { apiCall, DEMO, signIn } from '../src/session';
import { takeThroughApi } from '../src/taking';

/**
 * The paid full report as a person reads it: an SCL-90 bought in the sandbox cashier, its
 * charts on the page (the same ECharts options the PDF draws), the PDF rendered to images, and
 * a plan whose report an expert reviews: told before paying, the state after, the comment.
 * Screenshots and the PDF's pages land in SHOTS_DIR (default /work/shots/report).
 */
const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/report';
// Each scenario has its own account (see assessment.spec.ts for the others).
const SCL_TAKER = DEMO.user;
const APPROVAL_TAKER = '13800000022';

const depressionItems = [5, 14, 15, 20, 22, 26, 29, 30, 31, 32, 54, 71, 79];
const anxietyItems = [2, 17, 23, 33, 39, 57, 72, 78, 80, 86];

/** Pays the open order in the sandbox cashier and follows 查看报告. */
async function payInCashier(page: Page, price: string) {
  await page.getByRole('button', { name: `去支付 ${price}` }).click();
  await page.waitForURL('**/sandbox/cashier?orderNo=*');
  await page.getByRole('button', { name: /确认支付/ }).click();
  await page.getByText('支付成功').waitFor();
}

/** Every chart container holds a drawn chart: an SVG with marks in it. */
async function chartDrawn(page: Page, testId: string) {
  const svg = page.locator(`[data-testid="${testId}"] svg`);
  await svg.first().waitFor();
  expect(await page.locator(`[data-testid="${testId}"] svg path`).count()).toBeGreaterThan(3);
  const box = await svg.first().boundingBox();
  expect(box!.width).toBeGreaterThan(200);
}

describe.skipIf(!hasBrowser())('the paid full report', () => {
  const browser = useBrowser();

  it('buys a full SCL-90 report, reads its charts, prints it and renders its PDF', async () => {
    await fs.mkdir(SHOTS, { recursive: true });
    const page = await browser.newPage();
    const session = await signIn(page, SCL_TAKER);
    const list = await apiCall<{ list: { id: number; code: string }[] }>(
      'GET',
      '/api/scale/list?pageSize=50',
    );
    const scaleId = list.data.list.find((s) => s.code === 'SCL90')!.id;
    // An earlier take (all 无), then one with 抑郁 at 中度 and 焦虑 at 轻度: a trend to draw.
    await takeThroughApi(session.token, { scaleId }, () => 1, { durationSeconds: 3 });
    const aid = await takeThroughApi(
      session.token,
      { scaleId },
      (_, n) => (depressionItems.includes(n) ? 3 : anxietyItems.includes(n) ? 2 : 1),
      { durationSeconds: 3 },
    );

    await page.goto(`/test/pay?aid=${aid}`);
    await page.getByRole('button', { name: /解锁完整报告 ¥19\.90/ }).click();
    await page.waitForURL(`**/test/resultPay?aid=${aid}`);
    // What this report will hold: SCL-90 has factors with a Chinese norm and an earlier take.
    const contents = page.getByTestId('report-contents');
    await contents.getByText('因子剖面图（与中国常模对比），每个因子的解读与建议').waitFor();
    await contents.getByText('与既往结果对比：变化趋势图和分数的变化').waitFor();
    // A single scale is not reviewed: nothing about waiting for an expert.
    expect(await page.getByTestId('review-before-pay').count()).toBe(0);
    await payInCashier(page, '¥19.90');
    await page.getByRole('button', { name: '查看报告' }).click();
    await page.waitForURL(`**/reportView?id=${aid}`);
    await page.getByRole('heading', { name: '症状自评量表 · 测评报告' }).waitFor();
    // Durations under a minute in seconds, dates with the year.
    await page.getByText(/完成于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} · 用时 3 秒/).waitFor();

    await page
      .getByTestId('part-summary')
      .getByText(/筛查阳性：抑郁、焦虑因子分达到或超过 2 分/)
      .waitFor();
    await chartDrawn(page, 'chart-score-scale');
    await chartDrawn(page, 'chart-profile');
    await chartDrawn(page, 'chart-trend');
    await page.locator('[data-testid="chart-profile"] svg text', { hasText: '中国常模均值' }).waitFor();
    await page.locator('[data-testid="chart-profile"] svg text', { hasText: '阳性界值 2' }).waitFor();
    await page.locator('[data-testid="chart-score-scale"] svg text', { hasText: '你的总分 126' }).waitFor();
    // The factors against the norm, the positive ones marked and explained.
    const depression = page.locator('tr', { hasText: '抑郁' }).first();
    await depression.getByText('阳性').waitFor();
    await depression.getByText('1.50±0.59').waitFor();
    await page.getByText(/反映苦闷的情绪与心境.*你的因子分为 3\.00（中度）/).waitFor();
    await page.getByText(/比上次（\d{4}-\d{2}-\d{2}）高 36 分，困扰有所加重/).waitFor();
    await page.getByText('第 15 题').waitFor();
    await page.getByText('建议复测日期：').waitFor();
    await page.getByText('适合你的专家').waitFor();
    // Published courses that fit, each opening its course page.
    const courses = page.getByTestId('report-courses');
    await courses.getByText('情绪急救箱：与焦虑和低落好好相处').waitFor();
    expect(await courses.locator('a[href^="/course/detail?id="]').count()).toBe(3);
    await page.screenshot({ path: path.join(SHOTS, 'report-desktop.png'), fullPage: true });

    // Print: header, footer and buttons gone, the charts kept.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.ant-layout-header').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: '下载 PDF' }).isVisible()).toBe(false);
    expect(await page.locator('[data-testid="chart-profile"] svg').isVisible()).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'report-print.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    // The PDF: the same charts drawn in, Chinese text real text (extractable), not boxes.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '下载 PDF' }).click(),
    ]);
    const pdf = path.join(SHOTS, 'report.pdf');
    await fs.copyFile((await download.path())!, pdf);
    for (const f of await fs.readdir(SHOTS)) if (/^pdf-\d+\.png$/.test(f)) await fs.rm(path.join(SHOTS, f));
    execFileSync('pdftoppm', ['-png', '-r', '60', pdf, path.join(SHOTS, 'pdf')]);
    const pages = (await fs.readdir(SHOTS)).filter((f) => /^pdf-\d+\.png$/.test(f));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-']).toString();
    for (const words of [
      '症状自评量表',
      '中国常模均值',
      '阳性界值 2',
      '用时：3 秒',
      '接下来可以做什么',
      '推荐课程',
      '情绪急救箱',
      '躯体化',
    ])
      expect(text).toContain(words);
    expect(text).toMatch(/完成时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);

    // A phone: the charts follow the width, nothing scrolls sideways.
    const phone = await browser.newPage({ width: 375, height: 812 });
    await signIn(phone, SCL_TAKER);
    await phone.goto(`/reportView?id=${aid}`);
    await chartDrawn(phone, 'chart-profile');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.screenshot({ path: path.join(SHOTS, 'report-phone.png'), fullPage: true });
  }, 240_000);

  it('a plan reviewed by an expert: said before paying, the state after, the comment on the report', async () => {
    const page = await browser.newPage();
    const session = await signIn(page, APPROVAL_TAKER);
    const plans = await apiCall<{ id: number; title: string }[]>('GET', '/api/plan/list');
    const planId = plans.data.find((p) => p.title === '职场压力与身心状况评估')!.id;
    const aid = await takeThroughApi(session.token, { planId }, () => 2, { durationSeconds: 3 });

    await page.goto(`/test/resultPay?aid=${aid}`);
    const before = page.getByTestId('review-before-pay');
    await before.getByText('专家审核后出具 · 通常 1 个工作日内').waitFor();
    // The review starts when it is paid: the expected time is counted from now.
    await before.getByText(/支付完成后开始审核，现在支付预计 \d{4}-\d{2}-\d{2} 18:00 前完成/).waitFor();
    await page.getByText('支付完成、审核通过后即可查看。').waitFor();
    // K10, PHQ-15 and WHO-5 have no factors and no norm: none is promised; the comment is.
    const contents = page.getByTestId('report-contents');
    await contents.getByText('专业人员的审核意见').waitFor();
    expect(await contents.innerText()).not.toMatch(/剖面|常模/);
    await page.screenshot({ path: path.join(SHOTS, 'result-pay-before.png'), fullPage: true });
    await payInCashier(page, '¥19.90');

    await page.goto(`/test/resultPay?aid=${aid}`);
    const state = page.getByTestId('review-state');
    await state.getByText('审核中', { exact: true }).waitFor();
    await state.getByText(/预计 \d{4}-\d{2}-\d{2} 18:00 前完成/).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'result-pay-pending.png'), fullPage: true });

    const auditor = await apiCall<{ token: string }>('POST', '/api/login/login', {
      body: { telephone: DEMO.auditor, password: 'Demo@123456' },
    });
    const back = await apiCall('POST', `/api/expert/report-approvals/${aid}`, {
      token: auditor.data.token,
      body: { approve: false, comment: '请补充近期睡眠情况' },
    });
    expect(back.status, back.message).toBe(200);
    await page.reload();
    await state.getByText('已退回', { exact: true }).waitFor();
    await state.getByText(/原因：请补充近期睡眠情况/).waitFor();

    const ok = await apiCall('POST', `/api/expert/report-approvals/${aid}`, {
      token: auditor.data.token,
      body: { approve: true, comment: '整体状态平稳，建议保持规律运动' },
    });
    expect(ok.status, ok.message).toBe(200);
    await page.goto(`/reportView?id=${aid}`);
    await page.getByTestId('review-comment').getByText('整体状态平稳，建议保持规律运动').waitFor();
    await chartDrawn(page, 'chart-score-scale');
    await page.screenshot({ path: path.join(SHOTS, 'report-approved.png'), fullPage: true });
    // The PDF carries the comment too.
    const [approvedPdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '下载 PDF' }).click(),
    ]);
    const approvedText = execFileSync('pdftotext', ['-layout', (await approvedPdf.path())!, '-']).toString();
    expect(approvedText).toContain('专业审核意见');
    expect(approvedText).toContain('整体状态平稳，建议保持规律运动');
  }, 180_000);
});
