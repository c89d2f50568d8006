import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser } from '../src/browser';
import { apiCall, DEMO, latestSmsCode, putSession, signIn } from '../src/session';

/** A small real PNG (a colour gradient), written by hand so the test needs no image library. */
function makePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      row[1 + x * 3] = Math.round((x / width) * 255);
      row[2 + x * 3] = 168;
      row[3 + x * 3] = Math.round((y / height) * 255);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const messageLog = (page: Page) => page.getByRole('log', { name: '消息记录' });
const chatEntry = (page: Page, name: string) =>
  page.getByRole('navigation', { name: '会话列表' }).getByRole('button', { name: new RegExp(name) });
/** The header's chat icon: its label says how many chats the badge counts as unread. */
const bell = (page: Page) => page.locator('header a[href="/sys/userChat"]');
async function badgeCount(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) 个会话有未读消息/.exec(label)?.[1] ?? 0);
}
async function waitForBadge(page: Page, n: number) {
  const label = n > 0 ? `在线咨询，${n} 个会话有未读消息` : '在线咨询';
  await page.locator(`header a[href="/sys/userChat"][aria-label="${label}"]`).waitFor({ timeout: 15_000 });
}

/** The header bell counts unread notifications only (the chat icon counts chats). */
async function waitForBell(page: Page, n: number) {
  const label = n > 0 ? `消息中心，${n} 条未读通知` : '消息中心';
  await page.locator(`header a[href="/user/message"][aria-label="${label}"]`).waitFor({ timeout: 15_000 });
}

async function expertUserId(name: string): Promise<number> {
  const r = await apiCall<{ list: { id: number; name: string }[] }>('GET', '/api/expert/list?pageSize=50');
  const found = r.data.list.find((e) => e.name === name);
  if (!found) throw new Error(`expert ${name} not listed`);
  return found.id;
}

describe.skipIf(!hasBrowser())('online consultation between a user and an expert', () => {
  const browser = useBrowser();

  it('text goes both ways live, read receipts follow, and an image arrives as a thumbnail', async () => {
    const userPage = await browser.newPage();
    const expertPage = await browser.newPage();
    const user = await signIn(userPage, DEMO.user);
    await signIn(expertPage, DEMO.expert);
    const expertId = await expertUserId('王静怡');

    // The user begins from the expert's page when it has its 在线咨询 button, else through the API.
    await userPage.goto(`/experts/detail?id=${expertId}`);
    const consult = userPage.getByRole('button', { name: /在线咨询/ });
    const hasButton = await consult
      .waitFor({ timeout: 8_000 })
      .then(() => true)
      .catch(() => false);
    let chatId: number;
    if (hasButton) {
      await consult.click();
      await userPage.waitForURL(/\/sys\/userChat\?chatId=\d+/);
      chatId = Number(new URL(userPage.url()).searchParams.get('chatId'));
    } else {
      const begun = await apiCall<{ chatId: number }>('POST', '/api/chat/begin', {
        token: user.token,
        body: { receiverId: expertId },
      });
      chatId = begun.data.chatId;
      await userPage.goto('/sys/userChat');
      await chatEntry(userPage, '王静怡').click();
    }
    await userPage.waitForURL(`**/sys/userChat?chatId=${chatId}`);
    await userPage.getByRole('textbox', { name: '输入消息' }).waitFor();
    expect(await userPage.title()).toBe('在线咨询 - 心理测评与咨询平台');

    await expertPage.goto('/sys/userChat');
    await chatEntry(expertPage, '张小雨').click();
    await expertPage.waitForURL(`**/sys/userChat?chatId=${chatId}`);
    for (const p of [userPage, expertPage]) await p.getByRole('status').getByText('已连接').first().waitFor();

    // User -> expert, sent with Enter.
    const hello = unique('王老师您好，最近总是睡不好');
    const userBox = userPage.getByRole('textbox', { name: '输入消息' });
    await userBox.fill(hello);
    await userBox.press('Enter');
    expect(await userBox.inputValue()).toBe('');
    await messageLog(userPage).getByText(hello).waitFor();
    await messageLog(expertPage).getByText(hello).waitFor({ timeout: 10_000 });
    // The expert has the chat open, so the user's message turns 已读 without a reload.
    await messageLog(userPage)
      .locator('[data-message-id]', { hasText: hello })
      .getByText('已读', { exact: true })
      .waitFor({ timeout: 10_000 });

    // Expert -> user: Shift+Enter makes a new line, the 发送 button sends.
    const first = unique('您好，能说说从什么时候开始的吗');
    const expertBox = expertPage.getByRole('textbox', { name: '输入消息' });
    await expertBox.fill(first);
    await expertBox.press('Shift+Enter');
    await expertBox.pressSequentially('第二行');
    expect(await expertBox.inputValue()).toBe(`${first}\n第二行`);
    await expertPage.getByRole('button', { name: /发送$/ }).click();
    const reply = messageLog(userPage).locator('[data-message-id]', { hasText: first });
    await reply.waitFor({ timeout: 10_000 });
    expect(await reply.innerText()).toContain('第二行');
    await messageLog(userPage).getByText('今天', { exact: true }).first().waitFor();

    // The 2000-character limit is shown as the user types.
    await userBox.fill('好');
    await userPage.getByText('1/2000').waitFor();
    await userBox.fill('');

    // An image from the user reaches the expert as a thumbnail, and opens full size.
    await userPage.locator('input[type=file]').setInputFiles({
      name: 'sleep-diary.png',
      mimeType: 'image/png',
      buffer: makePng(96, 64),
    });
    const thumb = messageLog(expertPage).getByRole('img', { name: '聊天图片' }).last();
    await thumb.waitFor({ timeout: 15_000 });
    await expect.poll(() => thumb.getAttribute('src')).toContain('v=thumb');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await thumb.click();
    const full = expertPage.locator('.ant-image-preview img');
    await full.waitFor();
    expect(await full.getAttribute('src')).toContain('v=full');
    await expertPage.keyboard.press('Escape');
    // The sender's list shows the image as the last message.
    await chatEntry(userPage, '王静怡').getByText('我：[图片]').waitFor();
    // An open chat window reads every message that arrives: close them before the next test.
    await userPage.close();
    await expertPage.close();
  });

  it("the expert's badge rises while another chat or page is shown, and clears on opening the chat", async () => {
    const expertPage = await browser.newPage();
    const expert = await signIn(expertPage, DEMO.expert);
    const zhang = await apiCall<{ token: string }>('POST', '/api/login/login', {
      body: { telephone: DEMO.user, password: 'Demo@123456' },
    });
    const li = await apiCall<{ token: string }>('POST', '/api/login/login', {
      body: { telephone: '13800000021', password: 'Demo@123456' },
    });
    const zhangChat = await apiCall<{ chatId: number }>('POST', '/api/chat/begin', {
      token: zhang.data.token,
      body: { receiverId: expert.userinfo.id },
    });
    const liChat = await apiCall<{ chatId: number }>('POST', '/api/chat/begin', {
      token: li.data.token,
      body: { receiverId: expert.userinfo.id },
    });
    const send = (token: string, chatId: number, text: string) =>
      apiCall('POST', '/api/chat/send', { token, body: { chatId, messageType: '0', messageContent: text } });

    // Another page: the message center.
    await expertPage.goto('/user/message');
    await expertPage.getByRole('heading', { name: '消息中心' }).waitFor();
    await expertPage.waitForTimeout(1_000); // the live connection and first badge count settle
    const before = await badgeCount(expertPage);
    await send(zhang.data.token, zhangChat.data.chatId, unique('王老师，我想预约下周的咨询'));
    await waitForBadge(expertPage, before + 1);

    // Another chat open: 李晨's. 张小雨's row shows its unread count meanwhile.
    await bell(expertPage).click();
    await chatEntry(expertPage, '李晨').click();
    await expertPage.waitForURL(`**/sys/userChat?chatId=${liChat.data.chatId}`);
    await waitForBadge(expertPage, before + 1);
    const again = unique('还有一个问题');
    await send(zhang.data.token, zhangChat.data.chatId, again);
    await chatEntry(expertPage, '张小雨').getByText(again).waitFor({ timeout: 10_000 });
    await waitForBadge(expertPage, before + 1); // one chat with unread messages, however many
    await expect
      .poll(() => chatEntry(expertPage, '张小雨').locator('.ant-badge-count').getAttribute('title'))
      .toBe('2');
    // A message in the open chat is read at once: no badge for it.
    const live = unique('李晨的消息');
    await send(li.data.token, liChat.data.chatId, live);
    await messageLog(expertPage).getByText(live).waitFor({ timeout: 10_000 });
    await expertPage.waitForTimeout(800);
    expect(await badgeCount(expertPage)).toBe(before + 1);

    await chatEntry(expertPage, '张小雨').click();
    await messageLog(expertPage).getByText(again).waitFor();
    await waitForBadge(expertPage, before);
    await expect.poll(() => chatEntry(expertPage, '张小雨').locator('.ant-badge-count').count()).toBe(0);
    await expertPage.close();
  });

  it('a send that cannot get through shows 发送中, then 发送失败 with 重发, and is delivered once when resent', async () => {
    const userPage = await browser.newPage();
    const expertPage = await browser.newPage();
    const user = await signIn(userPage, DEMO.user);
    const expert = await signIn(expertPage, DEMO.expert);
    const begun = await apiCall<{ chatId: number }>('POST', '/api/chat/begin', {
      token: user.token,
      body: { receiverId: expert.userinfo.id },
    });
    const chatId = begun.data.chatId;
    for (const p of [userPage, expertPage]) {
      await p.goto(`/sys/userChat?chatId=${chatId}`);
      await p.getByRole('textbox', { name: '输入消息' }).waitFor();
      await p.getByRole('status').getByText('已连接').first().waitFor();
    }

    // Every try of the send fails as if the network were down.
    let blocked = 0;
    const sendUrl = '**/SysAdmin/api/chat/send';
    await userPage.route(sendUrl, (route) => {
      blocked++;
      return route.abort('internetdisconnected');
    });
    const text = unique('网络不好时发的消息');
    const box = userPage.getByRole('textbox', { name: '输入消息' });
    await box.fill(text);
    await box.press('Enter');
    // The bubble keeps its clientMessageId from the first try to the stored message.
    const row = messageLog(userPage).locator('[data-client-message-id]', { hasText: text });
    await row.waitFor();
    // Tried again by itself a few times, 发送中 all the while, and not dropped afterwards.
    await row.getByText('发送中').waitFor();
    await row.getByText('发送失败').waitFor({ timeout: 15_000 });
    expect(blocked).toBeGreaterThanOrEqual(2);
    expect(await row.getAttribute('data-message-id')).toBeNull();

    // The network is back: 重发 sends it, with the same clientMessageId.
    await userPage.unroute(sendUrl);
    await row.getByRole('button', { name: '重发' }).click();
    await expect.poll(() => row.getAttribute('data-message-id'), { timeout: 10_000 }).toMatch(/^\d+$/);
    expect(await row.getByText('发送失败').count()).toBe(0);
    await messageLog(expertPage).getByText(text, { exact: true }).waitFor({ timeout: 10_000 });
    // Once on each side, once on the server.
    await expertPage.waitForTimeout(500);
    expect(await messageLog(userPage).getByText(text, { exact: true }).count()).toBe(1);
    expect(await messageLog(expertPage).getByText(text, { exact: true }).count()).toBe(1);
    const history = await apiCall<{ list: { messageContent: string }[] }>(
      'GET',
      `/api/chat/messages?chatId=${chatId}&limit=50`,
      { token: expert.token },
    );
    expect(history.data.list.filter((m) => m.messageContent === text)).toHaveLength(1);
    await userPage.close();
    await expertPage.close();
  });

  it('at phone width shows the list or the open chat, with a way back', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    const user = await signIn(page, DEMO.user);
    await apiCall('POST', '/api/chat/begin', {
      token: user.token,
      body: { receiverId: await expertUserId('王静怡') },
    });
    await page.goto('/sys/userChat');
    const entry = chatEntry(page, '王静怡');
    await entry.waitFor();
    expect(await page.getByRole('textbox', { name: '输入消息' }).count()).toBe(0);
    await entry.click();
    await page.getByRole('textbox', { name: '输入消息' }).waitFor();
    expect(await entry.isVisible()).toBe(false);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: '返回会话列表' }).click();
    await entry.waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.close();
  });
});

describe.skipIf(!hasBrowser())('the message center', () => {
  const browser = useBrowser();

  /** A fresh account whose paid, then cancelled, booking leaves four notifications (and frees the slot again). */
  async function accountWithNotifications(): Promise<{ token: string; userinfo: unknown }> {
    const telephone = `139${String(Date.now()).slice(-8)}`;
    await apiCall('POST', '/api/login/send', { body: { telephone, type: 'login' } });
    const login = await apiCall<{ token: string; userinfo: unknown }>('POST', '/api/login/sms', {
      body: { telephone, code: await latestSmsCode(telephone) },
    });
    const token = login.data.token;
    const expertId = await expertUserId('孙浩然');
    const from = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const to = new Date(Date.now() + 40 * 86_400_000).toISOString();
    const slots = await apiCall<{ id: number }[]>(
      'GET',
      `/api/expert/slots/${expertId}?from=${from}&to=${to}`,
    );
    const slot = slots.data.at(-1);
    if (!slot) throw new Error('no free slot to book');
    const booking = await apiCall<{ id: number; order: { id: number; orderNo: string } }>(
      'POST',
      '/api/booking/create',
      {
        token,
        body: { slotId: slot.id, topic: '消息中心测试', contactPreference: 'chat' },
      },
    );
    if (booking.status !== 200) throw new Error(`booking: ${booking.message}`);
    await apiCall('POST', `/api/order/pay/${booking.data.order.id}`, { token });
    await apiCall('POST', `/api/pay/sandbox/${booking.data.order.orderNo}/confirm`, {
      token,
      body: { action: 'pay' },
    });
    await apiCall('POST', `/api/booking/cancel/${booking.data.id}`, { token, body: { reason: '时间冲突' } });
    return login.data;
  }

  it('lists notifications with kinds, filters them, marks them read and follows their links', async () => {
    const account = await accountWithNotifications();
    const page = await browser.newPage();
    await putSession(page, account);
    await page.goto('/user/message');
    const list = page.getByRole('list', { name: '通知列表' });
    await list.getByRole('listitem').first().waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(4);
    expect(await page.title()).toBe('消息中心 - 心理测评与咨询平台');
    await page.getByText('未读 (4)').waitFor();
    await waitForBell(page, 4);
    await list.getByText('订单', { exact: true }).first().waitFor();
    await list.getByText('预约', { exact: true }).first().waitFor();

    // Mark one read with its button.
    const refund = list.getByRole('listitem').filter({ hasText: '退款成功' });
    await refund.getByRole('button', { name: /标为已读/ }).click();
    await page.getByText('未读 (3)').waitFor();
    await waitForBell(page, 3);
    expect(await refund.getByRole('button', { name: /标为已读/ }).count()).toBe(0);

    // Filters.
    await page.getByText('已读', { exact: true }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('status')).toBe('read');
    await page.getByText('未读 (3)').click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(3);

    // Clicking one reads it and goes where it points.
    await list.getByRole('button', { name: /支付成功/ }).click();
    await page.waitForURL(/\/user\/orderInfo\?id=\d+/);
    await page.goBack();
    await page.getByText('未读 (2)').waitFor();
    await waitForBell(page, 2);

    await page.getByRole('button', { name: /全部已读/ }).click();
    await page.getByText('没有未读消息，您已看完全部通知。').waitFor();
    await waitForBell(page, 0);
    expect(await page.getByRole('button', { name: /全部已读/ }).isDisabled()).toBe(true);
  });
});

describe.skipIf(!hasBrowser())('an expert with many chats', () => {
  const browser = useBrowser();

  it('pages the chat list as it scrolls, and the badge counts an unread chat no page shows yet', async () => {
    const expert = await apiCall<{ token: string; userinfo: { id: number } }>('POST', '/api/login/login', {
      body: { telephone: '13800000012', password: 'Demo@123456' },
    });
    const expertToken = expert.data.token;
    // A new person writes to the expert first...
    const telephone = `137${String(Date.now()).slice(-8)}`;
    await apiCall('POST', '/api/login/send', { body: { telephone, type: 'login' } });
    const person = await apiCall<{ token: string; userinfo: { id: number; name: string } }>(
      'POST',
      '/api/login/sms',
      {
        body: { telephone, code: await latestSmsCode(telephone) },
      },
    );
    const chat = await apiCall<{ chatId: number }>('POST', '/api/chat/begin', {
      token: person.data.token,
      body: { receiverId: expert.data.userinfo.id },
    });
    await apiCall('POST', '/api/chat/send', {
      token: person.data.token,
      body: { chatId: chat.data.chatId, messageType: '0', messageContent: '老师您好，想约一次咨询' },
    });
    // ...then the expert begins 55 newer chats, so that one is on the second page of fifty.
    const auditor = await apiCall<{ token: string }>('POST', '/api/login/login', {
      body: { telephone: DEMO.auditor, password: 'Demo@123456' },
    });
    const people = await apiCall<{ list: { id: number }[] }>('GET', '/api/userinfo/get-list?pageSize=100', {
      token: auditor.data.token,
    });
    const others = people.data.list
      .filter((p) => p.id !== expert.data.userinfo.id && p.id !== person.data.userinfo.id)
      .slice(0, 55);
    expect(others).toHaveLength(55);
    for (const p of others) {
      const r = await apiCall('POST', '/api/chat/begin', { token: expertToken, body: { receiverId: p.id } });
      expect(r.status).toBe(200);
    }

    const page = await browser.newPage();
    await putSession(page, expert.data);
    await page.goto('/sys/userChat');
    const rows = page.getByRole('navigation', { name: '会话列表' }).locator('[data-chat-id]');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(50);
    const theirs = page.locator(`[data-chat-id="${chat.data.chatId}"]`);
    expect(await theirs.count()).toBe(0);
    // The badge already counts it.
    await expect.poll(() => badgeCount(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    const unreadBefore = await badgeCount(page);

    // Scrolling to the end reads the next page, with the unread chat marked.
    await page.getByRole('button', { name: /加载更早的会话/ }).scrollIntoViewIfNeeded();
    await theirs.waitFor({ timeout: 10_000 });
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(56);
    expect(await theirs.innerText()).toContain(person.data.userinfo.name);
    expect(await theirs.innerText()).toContain('老师您好，想约一次咨询');
    await theirs.getByText('1', { exact: true }).waitFor();
    await theirs.screenshot({ path: '/tmp/chat-second-page-row.png' });

    await theirs.click();
    await page.waitForURL(`**/sys/userChat?chatId=${chat.data.chatId}`);
    await messageLog(page).getByText('老师您好，想约一次咨询').waitFor();
    await waitForBadge(page, unreadBefore - 1);
    // Opening it kept the pages read so far.
    expect(await rows.count()).toBeGreaterThanOrEqual(56);
  });
});
