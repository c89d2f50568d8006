import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_UNREAD_IDS_MAX } from '@psy/contracts';
import { sql } from 'drizzle-orm';
import { executeRows } from '../src/db/rows';
import { createTestContext, testClock, testDbKind, type TestContext } from './context';
import { call, DEMO, login } from './helpers';

const time = testClock(new Date());
let ctx: TestContext;
const t = {} as Record<'user' | 'expert' | 'expert2' | 'other', string>;
let ids: Record<'user' | 'expert' | 'expert2' | 'other', number>;

beforeAll(async () => {
  ctx = await createTestContext({ seed: true, clock: time.clock });
  t.user = await login(ctx.app, DEMO.user);
  t.expert = await login(ctx.app, DEMO.expert);
  t.expert2 = await login(ctx.app, '13800000012');
  t.other = await login(ctx.app, '13800000021');
  const me = async (token: string) =>
    (await call(ctx.app, 'GET', '/api/userinfo/info', { token })).body.data.id as number;
  ids = {
    user: await me(t.user),
    expert: await me(t.expert),
    expert2: await me(t.expert2),
    other: await me(t.other),
  };
});
afterAll(() => ctx.close());

const begin = (token: string, receiverId: number) =>
  call(ctx.app, 'POST', '/api/chat/begin', { token, body: { receiverId } });
const send = (token: string, chatId: number, messageContent: string, extra: Record<string, unknown> = {}) =>
  call(ctx.app, 'POST', '/api/chat/send', {
    token,
    body: { chatId, messageType: '0', messageContent, ...extra },
  });

describe(`chat on ${testDbKind}`, () => {
  let chatId: number;

  it('begins one chat per pair, only with an expert', async () => {
    const a = await begin(t.user, ids.expert);
    expect(a.status).toBe(200);
    chatId = a.body.data.chatId;
    expect(a.body.data.receiverUserinfo).toMatchObject({ id: ids.expert, name: '王静怡', identityType: 1 });
    expect((await begin(t.user, ids.expert)).body.data.chatId).toBe(chatId);
    expect((await begin(t.expert, ids.user)).body.data.chatId).toBe(chatId);
    expect((await begin(t.expert, ids.expert2)).status).toBe(200);
    const userToUser = await begin(t.user, ids.other);
    expect(userToUser.status).toBe(400);
    expect(userToUser.body.message).toBe('只能向专家发起在线咨询');
    expect((await begin(t.user, ids.user)).status).toBe(400);
    expect((await begin(t.user, 999999)).status).toBe(404);
    expect((await begin(t.user, 0)).body.message).toBe('请选择咨询对象');
  });

  it('sends text, shows it as the last message, unread for the receiver until read', async () => {
    const r = await send(t.user, chatId, '王老师您好，我最近总是失眠。');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ chatId, senderId: ids.user, messageType: '0', image: null });
    const list = await call(ctx.app, 'GET', '/api/chat/get-list', { token: t.expert });
    const item = list.body.data.find((c: { chatId: number }) => c.chatId === chatId);
    expect(item).toMatchObject({ haveNotRead: true, unreadCount: 1, receiverUserinfo: { id: ids.user } });
    expect(item.lastChatMessage.messageContent).toBe('王老师您好，我最近总是失眠。');
    expect(
      (await call(ctx.app, 'GET', '/api/chat/get-list', { token: t.user })).body.data[0].haveNotRead,
    ).toBe(false);

    const page = await call(ctx.app, 'GET', `/api/chat/messages?chatId=${chatId}&readChatMessage=0`, {
      token: t.expert,
    });
    expect(page.body.data.list.map((m: { messageContent: string }) => m.messageContent)).toEqual([
      '王老师您好，我最近总是失眠。',
    ]);
    const after = await call(ctx.app, 'GET', `/api/chat/get/${chatId}`, { token: t.expert });
    expect(after.body.data).toMatchObject({ haveNotRead: false, unreadCount: 0 });
    // The sender sees it read.
    const mine = await call(ctx.app, 'GET', `/api/chat/get/${chatId}`, { token: t.user });
    expect(mine.body.data.peerLastReadId).toBe(r.body.data.id);
  });

  it('keeps everyone else out with 404', async () => {
    for (const [method, url, body] of [
      ['GET', `/api/chat/get/${chatId}`, undefined],
      ['GET', `/api/chat/messages?chatId=${chatId}`, undefined],
      ['POST', '/api/chat/send', { chatId, messageType: '0', messageContent: 'hi' }],
    ] as const) {
      const r = await call(ctx.app, method, url, { token: t.other, body });
      expect(r.status, url).toBe(404);
      expect(r.body.message).toBe('会话不存在');
    }
    expect((await call(ctx.app, 'GET', `/api/chat/get/${chatId}`)).status).toBe(401);
  });

  it('stores one message for a retried clientMessageId', async () => {
    const a = await send(t.expert, chatId, '可以说说最近的作息吗？', { clientMessageId: 'retry-test-0001' });
    const b = await send(t.expert, chatId, '可以说说最近的作息吗？', { clientMessageId: 'retry-test-0001' });
    expect(b.body.data.id).toBe(a.body.data.id);
    const all = await call(ctx.app, 'GET', `/api/chat/messages?chatId=${chatId}`, { token: t.user });
    expect(all.body.data.list.filter((m: { id: number }) => m.id === a.body.data.id)).toHaveLength(1);
  });

  it('validates messages', async () => {
    expect((await send(t.user, chatId, 'x'.repeat(2001))).body.message).toBe('消息最多2000个字');
    expect((await send(t.user, chatId, '   ')).body.message).toBe('请输入消息内容');
    const bad = await call(ctx.app, 'POST', '/api/chat/send', {
      token: t.user,
      body: { chatId, messageType: '2', messageContent: 'x' },
    });
    expect(bad.body.message).toBe('消息类型不正确');
    const ghost = await call(ctx.app, 'POST', '/api/chat/send', {
      token: t.user,
      body: { chatId, messageType: '1', messageContent: '00000000-0000-0000-0000-000000000000' },
    });
    expect(ghost.status).toBe(400);
  });

  it('pages history upward and catches up after an id', async () => {
    const { body } = await begin(t.expert, ids.expert2);
    const c = body.data.chatId;
    const sent: number[] = [];
    for (let i = 1; i <= 45; i++) sent.push((await send(t.expert, c, `第${i}条`)).body.data.id);
    const newest = await call(ctx.app, 'GET', `/api/chat/messages?chatId=${c}&limit=30`, {
      token: t.expert2,
    });
    expect(newest.body.data.list.map((m: { id: number }) => m.id)).toEqual(sent.slice(15));
    expect(newest.body.data.hasMore).toBe(true);
    const older = await call(ctx.app, 'GET', `/api/chat/messages?chatId=${c}&limit=30&before=${sent[15]}`, {
      token: t.expert2,
    });
    expect(older.body.data.list.map((m: { id: number }) => m.id)).toEqual(sent.slice(0, 15));
    expect(older.body.data.hasMore).toBe(false);
    const catchUp = await call(ctx.app, 'GET', `/api/chat/messages?chatId=${c}&readChatMessage=${sent[39]}`, {
      token: t.expert2,
    });
    expect(catchUp.body.data.list.map((m: { id: number }) => m.id)).toEqual(sent.slice(40));
  });
});

describe(`chat images on ${testDbKind}`, () => {
  async function upload(token: string, data: Buffer) {
    const boundary = 'chatimg' + Date.now();
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/SysAdmin/api/chat/image',
      headers: { serviceToken: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    return { status: res.statusCode, body: res.json() };
  }

  it('uploads, sends and serves an image only by a valid, unexpired signed URL', async () => {
    const chatId = (await begin(t.user, ids.expert)).body.data.chatId;
    const png = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#faad14' } })
      .withExif({ IFD0: { Artist: 'secret-artist' } })
      .png()
      .toBuffer();
    const up = await upload(t.user, png);
    expect(up.status).toBe(200);
    expect([up.body.data.width, up.body.data.height]).toEqual([2048, 683]);
    const msg = await call(ctx.app, 'POST', '/api/chat/send', {
      token: t.user,
      body: { chatId, messageType: '1', messageContent: up.body.data.id },
    });
    expect(msg.status).toBe(200);
    const image = msg.body.data.image;
    expect(image.url).toMatch(
      /\/SysAdmin\/api\/chat\/image\/[0-9a-f-]{36}\?v=full&exp=\d+&sig=[0-9a-f]{64}$/,
    );

    const full = await ctx.app.inject(image.url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect((await sharp(full.rawPayload).metadata()).exif).toBeUndefined();
    const thumb = await ctx.app.inject(image.thumbUrl);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);
    // The chat list shows it as the last message, with the image's size and signed URLs.
    const listed = (await call(ctx.app, 'GET', '/api/chat/get-list', { token: t.expert })).body.data.find(
      (c: { chatId: number }) => c.chatId === chatId,
    );
    expect(listed.lastChatMessage).toMatchObject({ id: msg.body.data.id, messageType: '1' });
    expect(listed.lastChatMessage.image).toMatchObject({ id: up.body.data.id, width: 2048, height: 683 });
    expect((await ctx.app.inject(listed.lastChatMessage.image.thumbUrl)).statusCode).toBe(200);

    const tampered = image.url.replace(
      /sig=([0-9a-f])/,
      (_: string, c: string) => `sig=${c === 'a' ? 'b' : 'a'}`,
    );
    expect((await ctx.app.inject(tampered)).statusCode).toBe(403);
    const otherVariant = image.url.replace('v=full', 'v=thumb');
    expect((await ctx.app.inject(otherVariant)).statusCode).toBe(403);
    time.advance(11 * 60_000);
    expect((await ctx.app.inject(image.url)).statusCode).toBe(403);

    // Someone else's image id cannot be sent.
    const theirs = await call(ctx.app, 'POST', '/api/chat/send', {
      token: t.expert,
      body: { chatId, messageType: '1', messageContent: up.body.data.id },
    });
    expect(theirs.status).toBe(400);
  });

  it('refuses non-images', async () => {
    const r = await upload(t.user, Buffer.from('GIF89a but not really'));
    expect(r.status).toBe(400);
  });
});

describe(`notifications on ${testDbKind}`, () => {
  it('a password change leaves a notification; read one, read all, 404 for others', async () => {
    await call(ctx.app, 'POST', '/api/login/send', { body: { telephone: DEMO.auditor, type: 'reset' } });
    const code = (await call(ctx.app, 'GET', `/api/dev/sms-outbox?telephone=${DEMO.auditor}`)).body.data[0]
      .code;
    await call(ctx.app, 'POST', '/api/login/reset', {
      body: { telephone: DEMO.auditor, code, password: 'Reset@2026x' },
    });
    const token = await login(ctx.app, DEMO.auditor, 'Reset@2026x');
    // Notifications are delivered from the outbox once the change has committed.
    await ctx.app.deps.events.drain();
    const list = await call(ctx.app, 'GET', '/api/userNotification?pageNum=1&pageSize=10', { token });
    expect(list.body.data.haveNotRead).toBe(1);
    const n = list.body.data.list[0];
    expect(n).toMatchObject({ kind: 'account', title: '密码已重置', read: false, link: '/sys/account' });
    const summary = await call(ctx.app, 'GET', '/api/userNotification/summary', { token });
    expect(summary.body.data).toMatchObject({ notifications: 1, total: 1 });

    expect((await call(ctx.app, 'PUT', `/api/userNotification/read/${n.id}`, { token: t.user })).status).toBe(
      404,
    );
    expect((await call(ctx.app, 'PUT', `/api/userNotification/read/${n.id}`, { token })).status).toBe(200);
    const unread = await call(ctx.app, 'GET', '/api/userNotification?status=unread', { token });
    expect(unread.body.data).toMatchObject({ total: 0, haveNotRead: 0 });
    const read = await call(ctx.app, 'GET', '/api/userNotification?status=read', { token });
    expect(read.body.data.total).toBe(1);
    expect((await call(ctx.app, 'PUT', '/api/userNotification/readAll', { token })).body.data.updated).toBe(
      0,
    );
    expect((await call(ctx.app, 'GET', '/api/userNotification?status=maybe', { token })).status).toBe(400);
  });

  it('the header summary counts chats with unread messages', async () => {
    const s = await call(ctx.app, 'GET', '/api/userNotification/summary', { token: t.expert });
    expect(s.body.data.chats).toBeGreaterThanOrEqual(1);
    expect(s.body.data.total).toBe(s.body.data.chats + s.body.data.notifications);
  });
});

describe(`chat list pages on ${testDbKind}`, () => {
  type Item = { chatId: number; lastActivityAt: string; haveNotRead: boolean; unreadCount: number };
  const list = async (token: string, query = '') => {
    const r = await call(ctx.app, 'GET', `/api/chat/get-list${query}`, { token });
    expect(r.status).toBe(200);
    return r.body.data as Item[];
  };
  const after = (last: Item, size: number) =>
    `?pageSize=${size}&beforeAt=${encodeURIComponent(last.lastActivityAt)}&beforeId=${last.chatId}`;
  let chatIds: number[] = [];

  beforeAll(async () => {
    // A person who chats with the four demo experts, one after another; two begun in the same millisecond.
    const experts = (await call(ctx.app, 'GET', '/api/expert/list?pageSize=4')).body.data.list as {
      id: number;
    }[];
    expect(experts).toHaveLength(4);
    chatIds = [];
    for (const [i, e] of experts.entries()) {
      if (i !== 3) time.advance(1000);
      chatIds.push((await begin(t.other, e.id)).body.data.chatId);
    }
  });

  it('pages the chats newest activity first, each once, ending with a short page', async () => {
    const newestFirst = [...chatIds].reverse();
    // Chats 2 and 3 began in the same millisecond: the higher id counts as newer.
    newestFirst.splice(0, 2, Math.max(chatIds[2]!, chatIds[3]!), Math.min(chatIds[2]!, chatIds[3]!));
    const first = await list(t.other, '?pageSize=3');
    expect(first.map((c) => c.chatId)).toEqual(newestFirst.slice(0, 3));
    const second = await list(t.other, after(first[2]!, 3));
    expect(second.map((c) => c.chatId)).toEqual(newestFirst.slice(3));
    expect((await list(t.other)).map((c) => c.chatId)).toEqual(newestFirst);

    // A message moves its chat to the top of the first page and out of the later ones.
    time.advance(1000);
    expect((await send(t.other, chatIds[0]!, '还在吗？')).status).toBe(200);
    const moved = await list(t.other, '?pageSize=3');
    expect(moved[0]!.chatId).toBe(chatIds[0]);
    const rest = await list(t.other, after(moved[2]!, 3));
    expect([...moved, ...rest].map((c) => c.chatId).sort()).toEqual([...chatIds].sort());
  });

  it('answers the unread chats by id and counts them for the header', async () => {
    const expertToken = t.expert2;
    const theirs = await begin(expertToken, ids.other);
    const before = (await call(ctx.app, 'GET', '/api/chat/unread', { token: t.other })).body.data.chatIds;
    expect(before).not.toContain(theirs.body.data.chatId);
    time.advance(1000);
    expect((await send(expertToken, theirs.body.data.chatId, '您好，我是咨询师。')).status).toBe(200);
    const unread = await call(ctx.app, 'GET', '/api/chat/unread', { token: t.other });
    expect(unread.body.data.chatIds[0]).toBe(theirs.body.data.chatId);
    const summary = await call(ctx.app, 'GET', '/api/userNotification/summary', { token: t.other });
    expect(summary.body.data.chats).toBe(unread.body.data.chatIds.length);
    const top = (await list(t.other, '?pageSize=1'))[0]!;
    expect(top).toMatchObject({ chatId: theirs.body.data.chatId, haveNotRead: true, unreadCount: 1 });

    await call(ctx.app, 'GET', `/api/chat/messages?chatId=${theirs.body.data.chatId}`, { token: t.other });
    const read = await call(ctx.app, 'GET', '/api/chat/unread', { token: t.other });
    expect(read.body.data.chatIds).not.toContain(theirs.body.data.chatId);
    expect(
      (await call(ctx.app, 'GET', '/api/userNotification/summary', { token: t.other })).body.data.chats,
    ).toBe(read.body.data.chatIds.length);
    expect((await call(ctx.app, 'GET', '/api/chat/unread')).status).toBe(401);
  });

  it('refuses a page size or a position it cannot use, in Chinese', async () => {
    for (const q of [
      '?pageSize=0',
      '?pageSize=101',
      '?pageSize=abc',
      '?beforeAt=2026-11-29T00:00:00Z',
      '?beforeId=5',
      '?beforeAt=yesterday&beforeId=5',
      '?beforeAt=2026-11-29T00:00:00Z&beforeId=-1',
    ]) {
      const r = await call(ctx.app, 'GET', `/api/chat/get-list${q}`, { token: t.other });
      expect(r.status, q).toBe(400);
      expect(r.body.message, q).toMatch(/每页条数不正确|翻页位置不正确/);
    }
    expect(await list(t.other, '?pageSize=100')).toHaveLength(4);
  });
});

describe(`the unread chats answered at most ${CHAT_UNREAD_IDS_MAX} on ${testDbKind}`, () => {
  it('answers the newest 1,000 ids when more chats are unread, and the summary counts them all', async () => {
    // An expert 1,001 new people each wrote to (rows made directly: the limit is what is tested).
    const db = ctx.database.db;
    await db.execute(sql`
      insert into users (telephone, name, role)
      select '1770000' || lpad(i::text, 4, '0'), '来访者' || i, 'user' from generate_series(1, 1001) i`);
    await db.execute(sql`
      insert into chats (user_low_id, user_high_id, last_activity_at, created_at)
      select least(u.id, ${ids.expert2}), greatest(u.id, ${ids.expert2}), now() - u.id * interval '1 second', now()
      from users u where u.telephone like '1770000%'`);
    await db.execute(sql`
      insert into chat_participants (chat_id, user_id, unread_count)
      select c.id, ${ids.expert2}, 1 from chats c join users u on u.id in (c.user_low_id, c.user_high_id)
      where u.telephone like '1770000%'`);
    const r = await call(ctx.app, 'GET', '/api/chat/unread', { token: t.expert2 });
    expect(r.status).toBe(200);
    const chatIds = r.body.data.chatIds as number[];
    expect(chatIds).toHaveLength(CHAT_UNREAD_IDS_MAX);
    // Newest activity first: the oldest of the 1,001 is the one left out.
    const [oldest] = await executeRows<{ id: number }>(
      db,
      sql`select c.id from chats c join users u on u.id in (c.user_low_id, c.user_high_id)
        where u.telephone like '1770000%' order by c.last_activity_at limit 1`,
    );
    expect(chatIds).not.toContain(oldest!.id);
    const summary = await call(ctx.app, 'GET', '/api/userNotification/summary', { token: t.expert2 });
    expect(summary.body.data.chats).toBeGreaterThanOrEqual(1001);
  });
});
