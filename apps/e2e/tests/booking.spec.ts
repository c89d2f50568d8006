import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from '../src/browser';
import { DEMO, signIn } from '../src/session';

const DAY = 86_400_000;
const EXPERT_NAME = '王静怡';
const USER_NAME = '张小雨';

/**
 * The day the expert publishes a slot on: three days ahead on the Beijing calendar, so
 * cancelling today is well before the 24-hour free-cancellation deadline. 07:00 is outside
 * the demo expert's weekly hours (10:00 at the earliest), so it overlaps nothing.
 */
function targetDay() {
  const shanghaiNow = new Date(Date.now() + 8 * 3_600_000);
  const target = new Date(shanghaiNow.getTime() + 3 * DAY);
  /** 11月25日, as the pages write dates; the expert calendar opens on today and the 6 days after. */
  return `${target.getUTCMonth() + 1}月${target.getUTCDate()}日`;
}

const day = targetDay();

/** The demo booking the tests follow from publishing to the refund. */
const state: { bookingId?: number; orderId?: number } = {};

async function openExpertCalendarDay(page: Page) {
  await page.goto('/expert/management');
  await page.getByRole('button', { name: '发布单次时段' }).waitFor();
  const column = page.getByRole('region', { name: new RegExp(`^${day}`) });
  await column.waitFor();
  return column;
}

describe.skipIf(!hasBrowser())('booking a consultation, paying in the sandbox and cancelling', () => {
  const browser = useBrowser();

  it('the expert publishes a one-off 07:00 slot on 预约时间', async () => {
    const page = await browser.newPage();
    await signIn(page, DEMO.expert);
    const column = await openExpertCalendarDay(page);
    expect(await column.getByText('07:00–07:50').count()).toBe(0);

    await column.getByRole('button', { name: `在${day}添加时段` }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '发布单次时段' });
    await dialog.waitFor();
    const time = dialog.getByRole('textbox', { name: '开始时间' });
    await time.click();
    await time.fill('07:00');
    await time.press('Enter');
    await dialog
      .getByRole('button', { name: '发 布' })
      .or(dialog.getByRole('button', { name: '发布' }))
      .click();
    await dialog.waitFor({ state: 'hidden' });

    const slot = column.locator('[data-testid^="slot-"]', { hasText: '07:00–07:50' });
    await slot.waitFor();
    expect(await slot.innerText()).toContain('可预约');
    expect(await slot.innerText()).toContain('单次');
  });

  it('a visitor finds the expert and is asked to sign in before booking', async () => {
    const page = await browser.newPage();
    await page.goto('/app/expert');
    await page.getByPlaceholder('专家姓名、职称或擅长领域').fill(EXPERT_NAME);
    await page.getByRole('button', { name: /^搜\s?索$/ }).click();
    await page.getByText('共 1 位专家').waitFor();
    await page.getByRole('link', { name: new RegExp(EXPERT_NAME) }).click();
    await page.waitForURL(/\/experts\/detail\?id=\d+/);
    await page.getByRole('button', { name: `${day} 07:00 线上` }).click();
    await page.getByRole('button', { name: '立即预约' }).first().click();
    await page.waitForURL(/\/login\?redirect=/);
    expect(decodeURIComponent(page.url())).toContain('/experts/detail?id=');
  });

  it('the user books that slot, pays in the sandbox cashier and sees it 已确认', async () => {
    const page = await browser.newPage();
    await signIn(page, DEMO.user);
    await page.goto('/app/expert');
    await page.getByRole('link', { name: new RegExp(EXPERT_NAME) }).click();
    await page.waitForURL(/\/experts\/detail\?id=\d+/);
    await page.getByRole('heading', { name: EXPERT_NAME }).waitFor();

    await page.getByRole('button', { name: `${day} 07:00 线上` }).click();
    await page.getByText(/已选：.*07:00–07:50/).waitFor();
    const intake = page.locator('.ant-modal').filter({ hasText: '填写预约信息' });
    // On a busy machine the first click can land while the chosen slot is still rendering.
    for (let i = 0; i < 3 && !(await intake.isVisible()); i++) {
      await page.getByRole('button', { name: '立即预约' }).last().click();
      await intake.waitFor({ timeout: 5_000 }).catch(() => {});
    }
    await intake.waitFor();
    await intake.getByText(/07:00–07:50/).waitFor();
    await intake.getByRole('button', { name: /提交预约/ }).click();
    await intake.getByText('请填写咨询主题').first().waitFor(); // the topic is required
    await intake.getByLabel('咨询主题').fill('最近工作压力大，入睡困难');
    await intake.getByRole('radio', { name: '在线消息' }).check();
    await intake.getByRole('button', { name: /提交预约/ }).click();

    await page.waitForURL(/\/experts\/pay\?bookingId=\d+/);
    state.bookingId = Number(new URL(page.url()).searchParams.get('bookingId'));
    await page.getByText('应付金额').waitFor();
    // The kept-alive expert list (hidden) shows prices too: only what is on screen counts.
    await page.getByText('¥300.00').filter({ visible: true }).first().waitFor();
    await page
      .getByRole('timer')
      .filter({ hasText: /剩余 \d{2}:\d{2}/ })
      .waitFor();
    await page.getByRole('button', { name: /去\s?支\s?付/ }).click();

    await page.waitForURL(/\/sandbox\/cashier\?orderNo=P\d{20}/);
    await page.getByText('沙箱环境 · 模拟支付').waitFor();
    const merchant = page.locator('.ant-descriptions-row', { hasText: '收款商户' });
    expect(await merchant.innerText()).toContain('心理测评与咨询平台');
    await page.getByText(new RegExp(`心理咨询预约：${EXPERT_NAME}`)).waitFor();
    await page.getByRole('button', { name: /确认支付 ¥300\.00/ }).click();
    await page.getByText('支付成功').waitFor();
    await page.getByRole('button', { name: /查看预约/ }).click();

    await page.waitForURL(`**/booking/detail?id=${state.bookingId}`);
    await page.getByText('预约已确认').waitFor();

    await page.goto('/booking/list');
    await page.getByRole('heading', { name: '我的预约' }).waitFor();
    const item = page.locator('.ant-card', { hasText: /07:00–07:50/ }).filter({ hasText: EXPERT_NAME });
    await item.first().waitFor();
    expect(await item.first().innerText()).toContain('已确认');

    await page.getByRole('tab', { name: '已确认' }).click();
    await page.waitForURL(/status=confirmed/);
    await item.first().waitFor();
  });

  it('the expert sees the booking in 预约列表 and on the calendar', async () => {
    expect(state.bookingId).toBeTruthy();
    const page = await browser.newPage();
    await signIn(page, DEMO.expert);
    await page.goto('/expert/mybooking/list');
    await page.getByRole('heading', { name: '预约列表' }).waitFor();
    const item = page.locator('.ant-card', { hasText: /07:00–07:50/ }).filter({ hasText: USER_NAME });
    await item.first().waitFor();
    expect(await item.first().innerText()).toContain('已确认');
    // Before the start the expert may only cancel, not record the outcome.
    expect(await item.first().getByRole('button', { name: '确认完成' }).count()).toBe(0);
    await item.first().getByRole('button', { name: '查看详情' }).click();
    await page.waitForURL(`**/expert/mybooking/detail?id=${state.bookingId}`);
    await page.getByText('最近工作压力大，入睡困难').waitFor();
    await page.getByText(DEMO.user).waitFor(); // the expert sees the full phone number to call

    const column = await openExpertCalendarDay(page);
    await column.getByText(`已预约 · ${USER_NAME}`).waitFor();
  });

  it('the user cancels more than 24 hours ahead and gets the full refund', async () => {
    expect(state.bookingId).toBeTruthy();
    const page = await browser.newPage();
    await signIn(page, DEMO.user);
    await page.goto(`/booking/detail?id=${state.bookingId}`);
    await page.getByText('预约已确认').waitFor();
    await page
      .getByText(/开始前24小时（.*）之前取消可全额退款，之后取消不予退款/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: '取消预约' }).click();

    const dialog = page.locator('.ant-modal').filter({ hasText: '确认取消预约？' });
    await dialog.getByText('现在取消将全额退款 ¥300.00').waitFor();
    await dialog.getByRole('button', { name: '确认取消并退款 ¥300.00' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByText('预约已取消，退款 ¥300.00').waitFor();
    await page.getByText('已退款', { exact: true }).waitFor(); // the order's state
    const orderLink = page.getByRole('link', { name: /^P\d{20}$/ });
    await orderLink.click();

    await page.waitForURL(/\/user\/orderInfo\?id=\d+/);
    state.orderId = Number(new URL(page.url()).searchParams.get('id'));
    await page.getByRole('heading', { name: '订单详情' }).waitFor();
    await page.getByText('已退款 ¥300.00').waitFor(); // the timeline's last step
    await page.getByText('支付成功 ¥300.00').waitFor();

    await page.goto('/booking/list?status=cancelled');
    const item = page.locator('.ant-card', { hasText: /07:00–07:50/ }).filter({ hasText: EXPERT_NAME });
    await item.first().waitFor();
    expect(await item.first().innerText()).toContain('退款 ¥300.00');
  });

  it('the slot is bookable again and the pages fit a phone screen', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await signIn(page, DEMO.user);
    for (const path of [
      '/app/expert',
      `/booking/detail?id=${state.bookingId}`,
      `/user/orderInfo?id=${state.orderId}`,
    ]) {
      await page.goto(path);
      await page.locator('.ant-card').first().waitFor();
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await page.goto('/app/expert');
    await page.getByRole('link', { name: new RegExp(EXPERT_NAME) }).click();
    await page.getByRole('button', { name: `${day} 07:00 线上` }).waitFor();
  });
});
