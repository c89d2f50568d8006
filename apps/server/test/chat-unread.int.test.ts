/**
 * Each participant's unread count is kept on `chat_participants` by the writes (migration
 * 0039_chat_unread_counts) instead of being counted per chat on every list: here it is checked
 * against the count it stands for after every kind of write that changes it, alone and at once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { chatRepository } from '../src/modules/chat/chat.repository';
import { createTestContext, testDbKind, type TestContext } from './context';
import { call, dataOf, DEMO, login } from './helpers';

let ctx: TestContext;
const t = {} as Record<'user' | 'user2' | 'expert', string>;
const ids = {} as Record<keyof typeof t, number>;

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  t.user = await login(ctx.app, DEMO.user);
  t.user2 = await login(ctx.app, '13800000021');
  t.expert = await login(ctx.app, DEMO.expert);
  for (const k of Object.keys(t) as (keyof typeof t)[])
    ids[k] = dataOf(await call(ctx.app, 'GET', '/api/userinfo/info', { token: t[k] })).id as number;
});
afterAll(() => ctx.close());

/** Participants whose kept count differs from the messages it stands for. */
async function drift() {
  return rowsOf<{ chat_id: number; user_id: number; unread_count: number; actual: number }>(
    await ctx.database.db.execute(sql`
      select * from (
        select p.chat_id, p.user_id, p.unread_count,
          (select count(*)::int from chat_messages m
           where m.chat_id = p.chat_id and m.sender_id <> p.user_id and m.id > p.last_read_message_id) as actual
        from chat_participants p) x
      where unread_count <> actual`),
  );
}

const begin = async (token: string, receiverId: number) =>
  dataOf(await call(ctx.app, 'POST', '/api/chat/begin', { token, body: { receiverId } })).chatId as number;
const send = async (token: string, chatId: number, text: string) =>
  dataOf(
    await call(ctx.app, 'POST', '/api/chat/send', {
      token,
      body: { chatId, messageType: '0', messageContent: text },
    }),
  ) as { id: number };
const read = (token: string, chatId: number) =>
  call(ctx.app, 'GET', `/api/chat/messages?chatId=${chatId}`, { token });
const unreadOf = async (token: string, chatId: number) =>
  (
    dataOf(await call(ctx.app, 'GET', '/api/chat/get-list', { token })) as {
      chatId: number;
      unreadCount: number;
      haveNotRead: boolean;
    }[]
  ).find((c) => c.chatId === chatId)!;

describe(`unread counts kept by the writes (${testDbKind})`, () => {
  it('match the messages they stand for after the seed', async () => {
    expect(await drift()).toEqual([]);
  });

  it('a send raises the peer’s count only; reading clears it; a partial read leaves the rest', async () => {
    const chatId = await begin(t.user, ids.expert);
    await read(t.user, chatId);
    const sent = [];
    for (const text of ['您好', '看到您的留言了', '明天上午方便通话吗？'])
      sent.push(await send(t.expert, chatId, text));
    expect(await unreadOf(t.user, chatId)).toMatchObject({ unreadCount: 3, haveNotRead: true });
    expect((await unreadOf(t.expert, chatId)).unreadCount).toBe(0);

    // The mark moved by hand to the first message: two are left.
    await ctx.database.db.execute(
      sql`update chat_participants set last_read_message_id = ${sent[0]!.id} where chat_id = ${chatId} and user_id = ${ids.user}`,
    );
    expect((await unreadOf(t.user, chatId)).unreadCount).toBe(2);

    await read(t.user, chatId);
    expect(await unreadOf(t.user, chatId)).toMatchObject({ unreadCount: 0, haveNotRead: false });
    expect(await drift()).toEqual([]);
  });

  it('sends that arrive together (one statement for several chats) raise each chat’s count', async () => {
    const a = await begin(t.user, ids.expert);
    const b = await begin(t.user2, ids.expert);
    await Promise.all([read(t.user, a), read(t.user2, b), read(t.expert, a), read(t.expert, b)]);
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        i % 3 === 0 ? send(t.user, a, `用户消息 ${i}`) : send(t.expert, i % 2 ? a : b, `专家消息 ${i}`),
      ),
    );
    expect(await drift()).toEqual([]);
    // Only the expert writes in b: every one of those messages is unread for the other side.
    // In a both write, and each send reads what came before it: the list says what is left.
    expect((await unreadOf(t.user2, b)).unreadCount).toBe(8);
    expect((await unreadOf(t.expert, b)).unreadCount).toBe(0);
    const counts = rowsOf<{ user_id: number; unread_count: number }>(
      await ctx.database.db.execute(
        sql`select user_id, unread_count from chat_participants where chat_id = ${a}`,
      ),
    );
    expect((await unreadOf(t.user, a)).unreadCount).toBe(
      counts.find((c) => c.user_id === ids.user)!.unread_count,
    );
  });

  it('one statement with both people’s messages in one chat counts each side exactly', async () => {
    const chatId = await begin(t.user, ids.expert);
    await Promise.all([read(t.user, chatId), read(t.expert, chatId)]);
    // As a group send writes them: the messages and both senders' read marks in one statement.
    await chatRepository.insertTextMessages(
      ctx.database.db,
      [
        { chatId, senderId: ids.expert, content: '一', clientMessageId: null },
        { chatId, senderId: ids.user, content: '二', clientMessageId: null },
        { chatId, senderId: ids.expert, content: '三', clientMessageId: null },
        { chatId, senderId: ids.expert, content: '四', clientMessageId: null },
      ],
      new Date(),
    );
    expect(await drift()).toEqual([]);
    // The user read up to their own message: 三 and 四 are left; the expert has read everything.
    expect((await unreadOf(t.user, chatId)).unreadCount).toBe(2);
    expect((await unreadOf(t.expert, chatId)).unreadCount).toBe(0);
  });

  it('sending reads what came before: a sender with unread messages is left with none', async () => {
    const chatId = await begin(t.user, ids.expert);
    await read(t.user, chatId);
    for (const text of ['在吗', '方便聊聊吗', '我在线']) await send(t.expert, chatId, text);
    expect((await unreadOf(t.user, chatId)).unreadCount).toBe(3);
    await send(t.user, chatId, '在的，您好');
    expect((await unreadOf(t.user, chatId)).unreadCount).toBe(0);
    expect((await unreadOf(t.expert, chatId)).unreadCount).toBe(1);
    expect(await drift()).toEqual([]);
  });

  it('a bulk insert of both people’s messages with no read mark moved counts both sides', async () => {
    const chatId = await begin(t.user2, ids.expert);
    await Promise.all([read(t.user2, chatId), read(t.expert, chatId)]);
    await ctx.database.db.execute(sql`
      insert into chat_messages (chat_id, sender_id, message_type, content)
      select ${chatId}, case when g % 3 = 0 then ${ids.user2}::int else ${ids.expert}::int end, 0, '导入的消息 ' || g
      from generate_series(1, 30) g`);
    expect(await drift()).toEqual([]);
    expect((await unreadOf(t.user2, chatId)).unreadCount).toBe(20);
    expect((await unreadOf(t.expert, chatId)).unreadCount).toBe(10);
  });

  it('stays exact while one side sends and the other reads at the same time', async () => {
    const chatId = await begin(t.user, ids.expert);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 4 === 0 ? read(t.user, chatId) : send(t.expert, chatId, `第${i}条`),
      ),
    );
    expect(await drift()).toEqual([]);
    await read(t.user, chatId);
    expect((await unreadOf(t.user, chatId)).unreadCount).toBe(0);
  });

  it('a message deleted or moved by hand is counted again', async () => {
    const chatId = await begin(t.user2, ids.expert);
    await read(t.user2, chatId);
    const first = await send(t.expert, chatId, '第一条');
    await send(t.expert, chatId, '第二条');
    expect((await unreadOf(t.user2, chatId)).unreadCount).toBe(2);
    await ctx.database.db.execute(sql`delete from chat_messages where id = ${first.id}`);
    expect((await unreadOf(t.user2, chatId)).unreadCount).toBe(1);
    const other = await begin(t.user, ids.expert);
    await ctx.database.db.execute(
      sql`update chat_messages set chat_id = ${other} where chat_id = ${chatId} and sender_id = ${ids.expert}`,
    );
    expect((await unreadOf(t.user2, chatId)).unreadCount).toBe(0);
    expect(await drift()).toEqual([]);
  });
});
