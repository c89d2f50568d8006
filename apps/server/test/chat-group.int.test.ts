/**
 * Group commit of chat sends (chat.service.ts `flush`): sends that arrive together are
 * written by one statement, each still committed before it is pushed and answered; a send
 * the group cannot store goes the careful way on its own and takes no other send with it.
 */
import type { ChatMessage } from '@psy/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatRepository } from '../src/modules/chat/chat.repository';
import { chatImages, chatMessages, chatParticipants, chats } from '../src/modules/chat/chat.table';
import { createTestContext, testDbKind, type TestContext } from './context';
import { call, DEMO, login } from './helpers';

let ctx: TestContext;
const t = {} as Record<'user' | 'expert' | 'expert2' | 'other', string>;
const ids = {} as Record<keyof typeof t, number>;
/** Every push: to whom, the message, and whether another connection saw it stored at that moment. */
const pushes: { userId: number; message: ChatMessage; committed: boolean }[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  t.user = await login(ctx.app, DEMO.user);
  t.expert = await login(ctx.app, DEMO.expert);
  t.expert2 = await login(ctx.app, '13800000012');
  t.other = await login(ctx.app, '13800000021');
  for (const k of Object.keys(t) as (keyof typeof t)[])
    ids[k] = (await call(ctx.app, 'GET', '/api/userinfo/info', { token: t[k] })).body.data.id as number;
  // The push waits for a read of the message through the pool: on PostgreSQL another
  // connection, which sees only committed rows; on PGlite the one connection, which a push
  // made inside a transaction would wait for forever (and the test time out).
  const hub = ctx.app.deps.hub;
  const push = hub.push.bind(hub);
  hub.push = async (userId, channel, body) => {
    if (channel === 'message') {
      const message = body as ChatMessage;
      const seen = await ctx.database.db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(eq(chatMessages.id, message.id));
      pushes.push({ userId, message, committed: seen.length === 1 });
    }
    return push(userId, channel, body);
  };
});
afterAll(() => ctx.close());

const begin = async (token: string, receiverId: number) =>
  (await call(ctx.app, 'POST', '/api/chat/begin', { token, body: { receiverId } })).body.data
    .chatId as number;
const send = (token: string, body: Record<string, unknown>) =>
  call(ctx.app, 'POST', '/api/chat/send', { token, body: { messageType: '0', ...body } });

const storedOf = (chatId: number) =>
  ctx.database.db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.chatId, chatId))
    .orderBy(asc(chatMessages.id));

describe(`chat sends committed in groups on ${testDbKind}`, () => {
  it('concurrent sends in several chats: all stored once, in order per chat, each pushed after its commit', async () => {
    const a = await begin(t.user, ids.expert);
    const b = await begin(t.user, ids.expert2);
    const c = await begin(t.other, ids.expert);
    const spy = vi.spyOn(chatRepository, 'insertTextMessages');
    pushes.length = 0;
    const plan = Array.from({ length: 36 }, (_, i) => {
      const [token, chatId] = (
        [
          [t.user, a],
          [t.expert, a],
          [t.user, b],
          [t.other, c],
        ] as const
      )[i % 4]!;
      return { token, chatId, text: `并发 ${i}`, cmid: `group-${i}-xxxx` };
    });
    const answers = await Promise.all(
      plan.map((p) => send(p.token, { chatId: p.chatId, messageContent: p.text, clientMessageId: p.cmid })),
    );
    for (const r of answers) expect(r.status, r.body.message).toBe(200);
    // Written together: fewer statements than sends.
    const groups = spy.mock.calls.map(([, sends]) => sends.length);
    spy.mockRestore();
    expect(groups.reduce((s, n) => s + n, 0)).toBe(plan.length);
    expect(Math.max(...groups)).toBeGreaterThan(1);

    for (const chatId of [a, b, c]) {
      const stored = await storedOf(chatId);
      const mine = plan.filter((p) => p.chatId === chatId);
      expect(stored.map((m) => m.clientMessageId).sort()).toEqual(mine.map((p) => p.cmid).sort());
      // Each answer is the stored row.
      for (const m of stored) {
        const i = plan.findIndex((p) => p.cmid === m.clientMessageId);
        expect(answers[i]!.body.data).toMatchObject({ id: m.id, chatId, messageContent: plan[i]!.text });
      }
      const ids_ = stored.map((m) => m.id);
      const [chat] = await ctx.database.db.select().from(chats).where(eq(chats.id, chatId));
      expect(chat!.lastMessageId).toBe(Math.max(...ids_));
      // Each participant's pushes of this chat arrive in id order, each message once per side.
      const participants = [...new Set(stored.map((m) => m.senderId)), chat!.userLowId, chat!.userHighId];
      for (const userId of new Set(participants)) {
        const got = pushes.filter((p) => p.userId === userId && p.message.chatId === chatId);
        expect(got.map((p) => p.message.id)).toEqual(ids_);
      }
      // A sender's own messages count as read by them.
      for (const senderId of new Set(stored.map((m) => m.senderId))) {
        const [mark] = await ctx.database.db
          .select({ read: chatParticipants.lastReadMessageId })
          .from(chatParticipants)
          .where(and(eq(chatParticipants.chatId, chatId), eq(chatParticipants.userId, senderId)));
        expect(mark!.read).toBe(Math.max(...stored.filter((m) => m.senderId === senderId).map((m) => m.id)));
      }
    }
    expect(pushes.length).toBe(plan.length * 2);
    expect(pushes.filter((p) => !p.committed)).toEqual([]);
  });

  it('refused sends and retries in the same group: the right answer for each, the others stored', async () => {
    const a = await begin(t.user, ids.expert);
    const b = await begin(t.user, ids.expert2);
    const first = await send(t.user, {
      chatId: a,
      messageContent: '先发一条',
      clientMessageId: 'group-retry-xxxx',
    });
    expect(first.status).toBe(200);
    const before = (await storedOf(a)).length;
    pushes.length = 0;
    const [ok1, notMine, badImage, retry, twinA, twinB, otherChat, ok2] = await Promise.all([
      send(t.user, { chatId: a, messageContent: '正常 1' }),
      // Not a participant: the chat does not exist for them.
      send(t.expert2, { chatId: a, messageContent: '不是我的会话' }),
      send(t.user, {
        chatId: a,
        messageType: '1',
        messageContent: '00000000-0000-4000-8000-000000000000',
      }),
      // A retry of a stored message: the stored one, not pushed again.
      send(t.user, { chatId: a, messageContent: '先发一条', clientMessageId: 'group-retry-xxxx' }),
      // The same new clientMessageId twice in one group: one message.
      send(t.user, { chatId: a, messageContent: '双发', clientMessageId: 'group-twin-xxxx' }),
      send(t.user, { chatId: a, messageContent: '双发', clientMessageId: 'group-twin-xxxx' }),
      // A clientMessageId already used in another chat.
      send(t.user, { chatId: b, messageContent: '换个会话', clientMessageId: 'group-retry-xxxx' }),
      send(t.user, { chatId: a, messageContent: '正常 2' }),
    ]);
    expect(ok1!.status).toBe(200);
    expect(ok2!.status).toBe(200);
    expect(notMine!.status).toBe(404);
    expect(badImage!.status).toBe(400);
    expect(badImage!.body.message).toBe('图片不存在，请重新上传');
    expect(retry!.status).toBe(200);
    expect(retry!.body.data.id).toBe(first.body.data.id);
    expect(twinA!.status).toBe(200);
    expect(twinB!.status).toBe(200);
    expect(twinB!.body.data.id).toBe(twinA!.body.data.id);
    expect(otherChat!.status).toBe(409);

    const stored = await storedOf(a);
    expect(stored.length).toBe(before + 3);
    expect(
      stored
        .slice(-3)
        .map((m) => m.content)
        .sort(),
    ).toEqual(['双发', '正常 1', '正常 2'].sort());
    expect((await storedOf(b)).filter((m) => m.clientMessageId === 'group-retry-xxxx')).toEqual([]);
    // Pushed: the three new messages, to both sides, once each.
    expect(pushes.map((p) => p.message.id).sort()).toEqual(
      stored
        .slice(-3)
        .flatMap((m) => [m.id, m.id])
        .sort(),
    );
    expect(pushes.filter((p) => !p.committed)).toEqual([]);
  });

  it('a group whose statement fails: every send tried on its own, only the bad one refused', async () => {
    const a = await begin(t.user, ids.expert);
    const before = (await storedOf(a)).map((m) => m.id);
    pushes.length = 0;
    // A fault in the database (a trigger put there by this test) fails the statement of any
    // group holding this message, and the message's own insert too.
    const db = ctx.database.db;
    await db.execute(sql`create function chat_group_fault() returns trigger language plpgsql as $$
      begin if new.content = '出错的消息' then raise exception 'injected fault'; end if; return new; end $$`);
    await db.execute(sql`create trigger chat_group_fault before insert on chat_messages
      for each row execute function chat_group_fault()`);
    let answers;
    try {
      answers = await Promise.all([
        send(t.user, { chatId: a, messageContent: '好的 1' }),
        send(t.user, { chatId: a, messageContent: '出错的消息' }),
        send(t.expert, { chatId: a, messageContent: '好的 2' }),
        send(t.user, { chatId: a, messageContent: '好的 3' }),
      ]);
    } finally {
      await db.execute(sql`drop trigger chat_group_fault on chat_messages`);
      await db.execute(sql`drop function chat_group_fault()`);
    }
    expect(answers.map((r) => r.status)).toEqual([200, 500, 200, 200]);
    // Bad input is refused before it reaches a group: PostgreSQL text cannot hold NUL.
    const nul = await send(t.user, { chatId: a, messageContent: '坏\u0000消息' });
    expect(nul.status).toBe(400);
    expect(nul.body.message).toBe('消息包含无法发送的字符');
    const stored = await storedOf(a);
    const fresh = stored.filter((m) => !before.includes(m.id));
    expect(fresh.map((m) => m.content).sort()).toEqual(['好的 1', '好的 2', '好的 3']);
    expect(pushes.length).toBe(6);
    expect(pushes.filter((p) => !p.committed)).toEqual([]);
    const [chat] = await ctx.database.db.select().from(chats).where(eq(chats.id, a));
    expect(chat!.lastMessageId).toBe(Math.max(...fresh.map((m) => m.id)));
  });

  it('image messages keep their checks: only the uploader may send an image', async () => {
    const a = await begin(t.user, ids.expert);
    const [img] = await ctx.database.db
      .insert(chatImages)
      .values({ id: crypto.randomUUID(), uploaderId: ids.expert, width: 1, height: 1, bytes: 1 })
      .returning();
    const [byUser, byExpert, text] = await Promise.all([
      send(t.user, { chatId: a, messageType: '1', messageContent: img!.id }),
      send(t.expert, { chatId: a, messageType: '1', messageContent: img!.id }),
      send(t.user, { chatId: a, messageContent: '配图说明' }),
    ]);
    expect(byUser.status).toBe(400);
    expect(byExpert.status).toBe(200);
    expect(text.status).toBe(200);
    const stored = await ctx.database.db
      .select()
      .from(chatMessages)
      .where(inArray(chatMessages.id, [byExpert.body.data.id, text.body.data.id]));
    expect(stored.map((m) => m.messageType).sort()).toEqual([0, 1]);
  });

  // A send holds its chat while it writes. A read mark moved meanwhile writes the reader's unread
  // count again in the same transaction, which checks the row's key against the chat: under FOR
  // UPDATE that check waited for the send while the send waited for the reader's row, and
  // PostgreSQL broke the deadlock with a 500 for 聊天记录. (PGlite has one connection: no race.)
  it.runIf(testDbKind === 'postgres')('a read mark moves while a send holds the chat', async () => {
    const a = await begin(t.user, ids.expert);
    const first = await send(t.expert, { chatId: a, messageContent: '未读一' });
    expect((await send(t.expert, { chatId: a, messageContent: '未读二' })).status).toBe(200);
    const db = ctx.database.db;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const sending = db.transaction(async (tx) => {
      await chatRepository.byId(tx, a, true);
      locked();
      await held;
    });
    await isLocked;
    try {
      // Read up to the first: the second is still unread, so the count is written again.
      const moved = chatRepository.advanceReadMark(db, a, ids.user, first.body.data.id as number);
      const outcome = await Promise.race([
        moved.then(() => 'moved'),
        new Promise((r) => setTimeout(() => r('waited for the send'), 3000)),
      ]);
      expect(outcome).toBe('moved');
    } finally {
      release();
      await sending;
    }
    const [mine] = await db
      .select()
      .from(chatParticipants)
      .where(and(eq(chatParticipants.chatId, a), eq(chatParticipants.userId, ids.user)));
    expect(mine!.unreadCount).toBe(1);
  });
});
