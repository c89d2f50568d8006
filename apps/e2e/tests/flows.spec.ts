import { mkdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from '../src/browser';
import { apiCall, DEMO, DEMO_PASSWORD, latestSmsCode, putSession } from '../src/session';
import { noSidewaysScroll } from '../src/ui';

/** Screenshots for the record (/work/shots/flows, or SHOTS_DIR). */
const SHOTS = process.env.SHOTS_DIR ?? '/work/shots/flows';
const PHONE = { width: 375, height: 812 };

interface Account {
  token: string;
  userinfo: { id: number };
}

/** A brand-new account made by an SMS login (each run its own phone). */
async function newAccount(): Promise<Account> {
  const telephone = `1371${String(Date.now()).slice(-7)}`;
  await apiCall('POST', '/api/login/send', { body: { telephone, type: 'login' } });
  const code = await latestSmsCode(telephone);
  const r = await apiCall<Account>('POST', '/api/login/sms', { body: { telephone, code } });
  expect(r.status, r.message).toBe(200);
  return r.data;
}

async function passwordLogin(telephone: string): Promise<Account> {
  const r = await apiCall<Account>('POST', '/api/login/login', {
    body: { telephone, password: DEMO_PASSWORD },
  });
  expect(r.status, r.message).toBe(200);
  return r.data;
}

async function startToBasicInfo(token: string, target: { scaleId: number } | { planId: number }) {
  const s = await apiCall<{ id: number }>('POST', '/api/assessment/start', { token, body: target });
  expect(s.status, s.message).toBe(200);
  await apiCall('POST', `/api/assessment/${s.data.id}/consent`, { token, body: { accepted: true } });
  return s.data.id;
}

describe.skipIf(!hasBrowser())('flows a returning user meets', () => {
  const browser = useBrowser();
  let me: Account;
  beforeAll(async () => {
    if (!hasBrowser()) return;
    await mkdir(SHOTS, { recursive: true });
    me = await newAccount();
  });

  it('the second test’s basic-info form starts with what was given the first time', async () => {
    const scales = await apiCall<{ list: { id: number; code: string }[] }>(
      'GET',
      '/api/scale/list?pageSize=50',
    );
    const gad7 = scales.data.list.find((s) => s.code === 'GAD7')!.id;
    const first = await startToBasicInfo(me.token, { scaleId: gad7 });
    const given = {
      name: '林一',
      gender: 'female',
      age: 28,
      regionCode: '310110',
      phone: '13912345678',
      extra: {},
    };
    const saved = await apiCall('POST', `/api/assessment/${first}/basic-info`, {
      token: me.token,
      body: given,
    });
    expect(saved.status, saved.message).toBe(200);

    const plans = await apiCall<{ id: number; title: string }[]>('GET', '/api/plan/list');
    const plan = plans.data.find((p) => p.title === '职场压力与身心状况评估')!;
    const second = await startToBasicInfo(me.token, { planId: plan.id });

    const page = await browser.newPage();
    await putSession(page, me);
    await page.goto(`/combit/userForm?aid=${second}`);
    await page.getByTestId('prefill-note').waitFor();
    expect(await page.getByLabel('姓名').inputValue()).toBe('林一');
    expect(await page.getByRole('radio', { name: '女' }).isChecked()).toBe(true);
    expect(await page.getByLabel('年龄').inputValue()).toBe('28');
    expect(await page.getByLabel('手机号（选填）').inputValue()).toBe('13912345678');
    // The cascader shows the region's names: 上海市 / 市辖区 / 杨浦区.
    await page.locator('.ant-cascader').filter({ hasText: '杨浦区' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/basic-info-prefilled-desktop.png` });

    // They can change what was filled in, and save.
    await page.getByLabel('年龄').fill('29');
    await page.getByRole('button', { name: '保存并开始答题' }).click();
    await page.waitForURL(/\/combit\//);
    const state = await apiCall<{ basicInfo: { age: number; regionCode: string } }>(
      'GET',
      `/api/assessment/${second}`,
      { token: me.token },
    );
    expect(state.data.basicInfo).toMatchObject({ age: 29, regionCode: '310110' });
  });

  it('the chat icon and the bell count their own things and lead to their own pages', async () => {
    // An expert writes to the user: one chat with unread messages.
    const wang = await passwordLogin(DEMO.expert);
    const chat = await apiCall<{ chatId: number }>('POST', '/api/chat/begin', {
      token: me.token,
      body: { receiverId: wang.userinfo.id },
    });
    expect(chat.status, chat.message).toBe(200);
    for (const text of ['你好，我是王老师', '最近睡得怎么样？'])
      await apiCall('POST', '/api/chat/send', {
        token: wang.token,
        body: { chatId: chat.data.chatId, messageType: '0', messageContent: text },
      });

    // A paid booking with 刘文博: notifications (预约成功 …) for the user.
    const liu = await passwordLogin('13800000012');
    const from = new Date(Date.now() + 48 * 3_600_000).toISOString();
    const to = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const free = await apiCall<{ id: number }[]>(
      'GET',
      `/api/expert/slots/${liu.userinfo.id}?from=${from}&to=${to}`,
    );
    const slot = { data: free.data[0]! };
    expect(slot.data, 'a free slot of 刘文博').toBeTruthy();
    const booking = await apiCall<{ id: number; order: { id: number } }>('POST', '/api/booking/create', {
      token: me.token,
      body: { slotId: slot.data.id, topic: '最近睡眠不好，想聊聊', contactPreference: 'chat' },
    });
    expect(booking.status, booking.message).toBe(200);
    const pay = await apiCall<{ cashierUrl: string }>('POST', `/api/order/pay/${booking.data.order.id}`, {
      token: me.token,
    });
    const orderNo = new URL(pay.data.cashierUrl, 'http://x').searchParams.get('orderNo');
    const paid = await apiCall('POST', `/api/pay/sandbox/${orderNo}/confirm`, {
      token: me.token,
      body: { action: 'pay' },
    });
    expect(paid.status, paid.message).toBe(200);

    await expect
      .poll(
        async () => {
          const s = await apiCall<{ notifications: number; chats: number }>(
            'GET',
            '/api/userNotification/summary',
            { token: me.token },
          );
          return s.data.chats === 1 && s.data.notifications > 0;
        },
        { timeout: 15_000 },
      )
      .toBe(true);

    const page = await browser.newPage();
    await putSession(page, me);
    await page.goto('/sys/home');
    const chatIcon = page.getByTestId('header-chat');
    const bell = page.getByTestId('header-bell');
    await page.locator('header [aria-label="在线咨询，1 个会话有未读消息"]').waitFor({ timeout: 15_000 });
    await page.locator('header [aria-label^="消息中心，"]').waitFor({ timeout: 15_000 });
    const bellLabel = (await bell.getAttribute('aria-label')) ?? '';
    const notifications = Number(/(\d+) 条未读通知/.exec(bellLabel)?.[1]);
    const summary = await apiCall<{ notifications: number }>('GET', '/api/userNotification/summary', {
      token: me.token,
    });
    expect(notifications).toBe(summary.data.notifications);
    // Each badge shows its own number, not the sum.
    expect(await chatIcon.getByTestId('badge-count').getAttribute('title')).toBe('1');
    expect(await bell.getByTestId('badge-count').getAttribute('title')).toBe(String(notifications));
    await page.screenshot({
      path: `${SHOTS}/header-badges-desktop.png`,
      clip: { x: 0, y: 0, width: 1366, height: 80 },
    });

    await bell.click();
    await page.waitForURL('**/user/message');
    await page.getByRole('heading', { name: '消息中心' }).waitFor();
    await chatIcon.click();
    await page.waitForURL('**/sys/userChat');

    const phone = await browser.newPage(PHONE);
    await putSession(phone, me);
    await phone.goto('/sys/home');
    await phone.locator('header [aria-label="在线咨询，1 个会话有未读消息"]').waitFor({ timeout: 15_000 });
    await phone.getByTestId('header-bell').getByTestId('badge-count').waitFor();
    await noSidewaysScroll(phone);
    await phone.screenshot({
      path: `${SHOTS}/header-badges-phone.png`,
      clip: { x: 0, y: 0, width: 375, height: 80 },
    });

    await page.goto('/user/message');
    // A toast opens below the 64 px header, clear of the avatar and the search box.
    await page.getByRole('button', { name: /全部已读/ }).click();
    const toast = page.locator('.ant-notification-notice').filter({ hasText: '标为已读' });
    await toast.waitFor();
    const box = await toast.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(64);
    await page.screenshot({
      path: `${SHOTS}/toast-below-header-desktop.png`,
      clip: { x: 0, y: 0, width: 1366, height: 200 },
    });
    await page.locator('header [aria-label="消息中心"]').waitFor();
  });

  it('专家咨询 lists the experts chatted with or booked, with the next booking and open chat', async () => {
    const page = await browser.newPage();
    await putSession(page, me);
    await page.goto('/user/chart');
    const cards = page.locator('[data-testid^="consultation-"]');
    await cards.first().waitFor();
    await expect.poll(() => page.title()).toBe('专家咨询 - 心理测评与咨询平台');
    expect(await cards.count()).toBe(2);
    // Newest contact first: the booking with 刘文博 came after the chat with 王静怡.
    await expect.poll(() => cards.nth(0).innerText()).toContain('刘文博');
    const liu = cards.nth(0);
    expect(await liu.innerText()).toContain('下次预约');
    expect(await liu.innerText()).toContain('已确认');
    const wang = cards.nth(1);
    expect(await wang.innerText()).toContain('王静怡');
    expect(await wang.innerText()).toContain('暂无待进行的预约');
    // The seeded portraits, not letters.
    await liu.locator('img[src*="expert-portrait-13800000012"]').waitFor();
    await page.screenshot({ path: `${SHOTS}/consultations-desktop.png`, fullPage: true });

    await wang.getByRole('button', { name: /打开聊天/ }).click();
    await page.waitForURL(/\/sys\/userChat\?chatId=\d+/);
    await page.getByText('最近睡得怎么样？').first().waitFor();

    const phone = await browser.newPage(PHONE);
    await putSession(phone, me);
    await phone.goto('/user/chart');
    await phone.locator('[data-testid^="consultation-"]').first().waitFor();
    await noSidewaysScroll(phone);
    await phone.screenshot({ path: `${SHOTS}/consultations-phone.png`, fullPage: true });
  });

  it('the expert list shows the seeded portraits', async () => {
    const page = await browser.newPage();
    await page.goto('/app/expert');
    await page.locator('img[src*="expert-portrait-13800000002"]').first().waitFor();
    expect(await page.locator('img[src*="expert-portrait-"]').count()).toBeGreaterThanOrEqual(4);
    // Real images, decoded at their 256 px.
    await expect
      .poll(() =>
        page
          .locator('img[src*="expert-portrait-"]')
          .evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth === 256)),
      )
      .toBe(true);
    await page.screenshot({ path: `${SHOTS}/expert-portraits-desktop.png` });
    const phone = await browser.newPage(PHONE);
    await phone.goto('/app/expert');
    await phone.locator('img[src*="expert-portrait-"]').first().waitFor();
    await noSidewaysScroll(phone);
    await phone.screenshot({ path: `${SHOTS}/expert-portraits-phone.png` });
  });
});
