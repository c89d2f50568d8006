import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { rowsOf } from '../src/db/rows';
import { PERSONAL_CHANNEL } from '../src/lib/personal-cache';
import { createTestContext, testDbKind, type TestContext } from './context';
import { call, dataOf, DEMO, login, scaleIdOf, take } from './helpers';

// A person's own lists (lib/personal-cache.ts, triggers in migration 0038_personal_notify) are
// served from memory between the writes that concern them, and a write is seen by the very next
// read, on this instance and on any other: no waiting here, unlike the catalogue's tests.
let ctx: TestContext;
let app: FastifyInstance;
const t = {} as Record<'user' | 'expert', string>;
let expertId: number;
let userId: number;

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  app = ctx.app;
  t.user = await login(app, DEMO.user);
  t.expert = await login(app, DEMO.expert);
  expertId = dataOf(await call(app, 'GET', '/api/userinfo/info', { token: t.expert })).id;
  userId = dataOf(await call(app, 'GET', '/api/userinfo/info', { token: t.user })).id;
});
afterAll(() => ctx.close());

/** Changes rows without firing any trigger (replica mode): what a list shows then tells whether it came from memory. */
async function silently(statement: ReturnType<typeof sql>) {
  await ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

const get = async (url: string, token: string, on = app) => dataOf(await call(on, 'GET', url, { token }));
type BookingItem = { id: number; status: string; topic: string; order: { status: string } | null };
const myBookings = async () => (await get('/api/booking/list?pageSize=50', t.user)).list as BookingItem[];
const expertBookings = async () =>
  (await get('/api/booking/expert/list?pageSize=50', t.expert)).list as BookingItem[];
type ChatItem = {
  chatId: number;
  unreadCount: number;
  peerLastReadId: number;
  lastChatMessage: { messageContent: string } | null;
  receiverUserinfo: { name: string };
};
const chatsOf = async (token: string, on = app) => (await get('/api/chat/get-list', token, on)) as ChatItem[];

describe(`a person's own lists from memory (${testDbKind})`, () => {
  it('my bookings and the expert’s: a booking and its payment show at once, a silent change does not', async () => {
    await myBookings();
    await expertBookings();
    expect(app.deps.services.personal.size()).toBeGreaterThanOrEqual(2);

    const startsAt = new Date(Date.now() + 40 * 86_400_000);
    startsAt.setUTCHours(3, 0, 0, 0);
    const slot = dataOf(
      await call(app, 'POST', '/api/expert/me/slots', {
        token: t.expert,
        body: { startsAt: startsAt.toISOString(), durationMinutes: 50, mode: 'online' },
      }),
    );
    const booked = dataOf(
      await call(app, 'POST', '/api/booking/create', {
        token: t.user,
        body: { slotId: slot.id, topic: '最近睡眠不好，想聊聊', contactPreference: 'chat' },
      }),
    );
    expect((await myBookings()).find((b) => b.id === booked.id)?.status).toBe('pending_payment');
    expect((await expertBookings()).find((b) => b.id === booked.id)?.status).toBe('pending_payment');

    // From memory: a change nobody announced is not seen.
    await silently(sql`update bookings set topic = '静默的改动' where id = ${booked.id}`);
    expect((await myBookings()).find((b) => b.id === booked.id)?.topic).toBe('最近睡眠不好，想聊聊');

    const start = dataOf(await call(app, 'POST', `/api/order/pay/${booked.order.id}`, { token: t.user }));
    const orderNo = new URL(start.cashierUrl, 'http://x').searchParams.get('orderNo');
    dataOf(
      await call(app, 'POST', `/api/pay/sandbox/${orderNo}/confirm`, {
        token: t.user,
        body: { action: 'pay' },
      }),
    );
    const mine = (await myBookings()).find((b) => b.id === booked.id)!;
    expect(mine).toMatchObject({ status: 'confirmed', order: { status: 'paid' }, topic: '静默的改动' });
    expect((await expertBookings()).find((b) => b.id === booked.id)?.status).toBe('confirmed');

    // The expert's list shows the order's state too: a change to the order alone reaches it.
    await ctx.database.db.execute(sql`update orders set status = 'refunding' where id = ${booked.order.id}`);
    expect((await expertBookings()).find((b) => b.id === booked.id)?.order?.status).toBe('refunding');
    expect((await myBookings()).find((b) => b.id === booked.id)?.order?.status).toBe('refunding');
  });

  it('my chats: the peer’s message, my reading it and the peer’s new name show at once', async () => {
    const chat = dataOf(
      await call(app, 'POST', '/api/chat/begin', { token: t.user, body: { receiverId: expertId } }),
    );
    await chatsOf(t.user);
    const send = async (text: string) =>
      dataOf(
        await call(app, 'POST', '/api/chat/send', {
          token: t.expert,
          body: { chatId: chat.chatId, messageType: '0', messageContent: text },
        }),
      );
    const unreadIds = async () => ((await get('/api/chat/unread', t.user)) as { chatIds: number[] }).chatIds;
    expect(await unreadIds()).not.toContain(chat.chatId);
    await send('您好，我看到了您的预约');
    let item = (await chatsOf(t.user)).find((c) => c.chatId === chat.chatId)!;
    expect(item.lastChatMessage?.messageContent).toBe('您好，我看到了您的预约');
    expect(item.unreadCount).toBeGreaterThan(0);
    expect(await unreadIds()).toContain(chat.chatId);

    await get(`/api/chat/messages?chatId=${chat.chatId}`, t.user);
    item = (await chatsOf(t.user)).find((c) => c.chatId === chat.chatId)!;
    expect(item.unreadCount).toBe(0);
    expect(await unreadIds()).not.toContain(chat.chatId);

    // My message, then the expert reads it: my list says so (the peer's read mark) at once.
    const mine = dataOf(
      await call(app, 'POST', '/api/chat/send', {
        token: t.user,
        body: { chatId: chat.chatId, messageType: '0', messageContent: '好的，谢谢您' },
      }),
    );
    expect((await chatsOf(t.user)).find((c) => c.chatId === chat.chatId)!.peerLastReadId).toBeLessThan(
      mine.id,
    );
    await get(`/api/chat/messages?chatId=${chat.chatId}`, t.expert);
    expect((await chatsOf(t.user)).find((c) => c.chatId === chat.chatId)!.peerLastReadId).toBe(mine.id);

    // What another person's list shows of someone: a change notifies every account.
    await ctx.database.db.execute(sql`update users set name = '李老师（新）' where id = ${expertId}`);
    item = (await chatsOf(t.user)).find((c) => c.chatId === chat.chatId)!;
    expect(item.receiverUserinfo.name).toBe('李老师（新）');
  });

  it('my assessments: a new one and its result show at once, a silent change does not', async () => {
    type Mine = { list: { id: number; status: string; summary: string[]; title: string }[]; total: number };
    const before = (await get('/api/assessment/mine', t.user)) as Mine;
    const id = await take(app, t.user, { scaleId: await scaleIdOf(app, 'PHQ9') }, () => 1);
    const after = (await get('/api/assessment/mine', t.user)) as Mine;
    expect(after.total).toBe(before.total + 1);
    const mine = after.list.find((a) => a.id === id)!;
    expect(mine.status).toBe('submitted');
    expect(mine.summary.length).toBeGreaterThan(0);

    await silently(sql`update assessments set title = '静默的标题' where id = ${id}`);
    expect(((await get('/api/assessment/mine', t.user)) as Mine).list.find((a) => a.id === id)?.title).toBe(
      mine.title,
    );
  });

  it('names the accounts a written row concerns, and stays quiet about what no list shows', async () => {
    const heard: string[] = [];
    const off = await ctx.database.listen(PERSONAL_CHANNEL, (p) => heard.push(p));
    const after = async (statement: ReturnType<typeof sql>) => {
      heard.length = 0;
      await ctx.database.db.execute(statement);
      await ctx.database.barrier();
      // The accounts named, whatever the notices (a message names its chat's two people, and
      // the recipient's unread count names the recipient again).
      return [...new Set(heard.flatMap((h) => h.split(',')))].sort();
    };
    try {
      const [chat] = rowsOf<{ id: number; user_low_id: number; user_high_id: number }>(
        await ctx.database.db.execute(sql`select id, user_low_id, user_high_id from chats limit 1`),
      );
      const pair = [String(chat!.user_low_id), String(chat!.user_high_id)].sort();
      expect(
        await after(
          sql`insert into chat_messages (chat_id, sender_id, message_type, content) values (${chat!.id}, ${chat!.user_low_id}, 0, '在吗')`,
        ),
      ).toEqual(pair);
      expect(
        await after(
          sql`update chat_participants set last_read_message_id = last_read_message_id + 1 where chat_id = ${chat!.id} and user_id = ${chat!.user_high_id}`,
        ),
      ).toEqual(pair);

      expect(await after(sql`update chats set last_activity_at = now() where id = ${chat!.id}`)).toEqual(
        pair,
      );
      // A statement that concerns more accounts than a notice can name notifies every account.
      expect(
        await after(sql`select personal_notify(array(select generate_series(1000000, 1002000)))`),
      ).toEqual(['*']);

      const [part] = rowsOf<{ id: number; user_id: number }>(
        await ctx.database.db.execute(
          sql`select p.id, a.user_id from assessment_parts p join assessments a on a.id = p.assessment_id limit 1`,
        ),
      );
      // An answer saved changes nothing a list shows; a scored result does.
      expect(
        await after(sql`update assessment_parts set answers = answers || '{"1": 0}' where id = ${part!.id}`),
      ).toEqual([]);
      expect(
        await after(
          sql`update assessment_parts set result = coalesce(result, '{}') || '{"x": 1}' where id = ${part!.id}`,
        ),
      ).toEqual([String(part!.user_id)]);

      expect(await after(sql`update users set birthday = '1999-09-09' where id = ${userId}`)).toEqual([]);
      expect(await after(sql`update users set name = name where id = ${userId}`)).toEqual([]);
      expect(await after(sql`update users set name = name || '·' where id = ${userId}`)).toEqual(['*']);
      expect(
        await after(sql`update campaigns set show_result_to_member = not show_result_to_member`),
      ).toEqual(['*']);
      // An order names its payer, and for a booking the expert, whose list shows its state.
      const booked = rowsOf<{ expert_id: number }>(
        await ctx.database.db.execute(
          sql`select distinct b.expert_id from orders o join bookings b on b.id = o.item_id
              where o.kind = 'booking' and o.user_id = ${userId}`,
        ),
      ).map((r) => String(r.expert_id));
      expect(booked.length).toBeGreaterThan(0);
      expect(await after(sql`update orders set updated_at = now() where user_id = ${userId}`)).toEqual(
        [...new Set([String(userId), ...booked])].sort(),
      );
      // TRUNCATE fires no row trigger: each table has a statement trigger for it.
      const [truncation] = rowsOf<{ n: number }>(
        await ctx.database.db.execute(
          sql`select count(*)::int as n from pg_trigger where tgname like '%_personal_truncated'`,
        ),
      );
      expect(truncation!.n).toBe(13);
      // Inserts and deletes of the nine tables the lists read, one statement trigger each.
      const [writes] = rowsOf<{ n: number }>(
        await ctx.database.db.execute(
          sql`select count(*)::int as n from pg_trigger where tgname like '%_personal_added' or tgname like '%_personal_removed'`,
        ),
      );
      expect(writes!.n).toBe(18);
      // A rolled-back write announces nothing.
      heard.length = 0;
      await ctx.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`update bookings set topic = topic || '!' where user_id = ${userId}`);
          throw new Error('rollback');
        })
        .catch(() => {});
      await ctx.database.barrier();
      expect(heard).toEqual([]);
    } finally {
      await off();
    }
  });

  it.runIf(testDbKind === 'postgres')(
    'a write through one instance is seen by the next read through another (the barrier)',
    async () => {
      const other: Database = await openDatabase({ databaseUrl: ctx.database.url!, poolSize: 4 });
      const second = await buildApp({ config: ctx.config, database: other, logger: false });
      await second.ready();
      try {
        const chat = dataOf(
          await call(app, 'POST', '/api/chat/begin', { token: t.user, body: { receiverId: expertId } }),
        );
        for (let i = 0; i < 40; i++) {
          // Held in the second instance's memory, then changed through the first.
          await chatsOf(t.user, second);
          dataOf(
            await call(app, 'POST', '/api/chat/send', {
              token: t.expert,
              body: { chatId: chat.chatId, messageType: '0', messageContent: `第${i}条` },
            }),
          );
          const item = (await chatsOf(t.user, second)).find((c) => c.chatId === chat.chatId)!;
          expect(item.lastChatMessage?.messageContent).toBe(`第${i}条`);
        }
        expect(second.deps.services.personal.size()).toBeGreaterThan(0);
      } finally {
        await second.close();
        await other.close();
      }
    },
  );

  it.runIf(testDbKind === 'postgres')(
    'the barrier: a notice committed before it is heard when it resolves',
    async () => {
      const other = await openDatabase({ databaseUrl: ctx.database.url!, poolSize: 2 });
      const heard: string[] = [];
      const off = await ctx.database.listen('psy_barrier_test', (p) => heard.push(p));
      try {
        for (let i = 0; i < 300; i++) {
          await other.db.execute(sql`select pg_notify('psy_barrier_test', ${String(i)})`);
          await ctx.database.barrier();
          expect(heard.at(-1)).toBe(String(i));
        }
      } finally {
        await off();
        await other.close();
      }
    },
  );

  it.runIf(testDbKind === 'postgres')(
    'a lost listening connection: memory is forgotten and unused until the server listens again',
    async () => {
      await myBookings();
      await silently(sql`update bookings set topic = '断线期间的改动' where user_id = ${userId}`);
      expect((await myBookings()).some((b) => b.topic === '断线期间的改动')).toBe(false);
      const admin = await openDatabase({ databaseUrl: ctx.database.url!, poolSize: 1 });
      try {
        await admin.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'psy-listener' and datname = current_database()`,
        );
      } finally {
        await admin.close();
      }
      // Listening again within moments; until then every read goes to the database.
      await vi.waitFor(() => expect(ctx.database.barrier()).resolves.toBeUndefined(), { timeout: 5000 });
      expect((await myBookings()).every((b) => b.topic === '断线期间的改动')).toBe(true);
      // And the notices are heard again: a write shows at once.
      await ctx.database.db.execute(sql`update bookings set topic = '恢复之后' where user_id = ${userId}`);
      expect((await myBookings()).every((b) => b.topic === '恢复之后')).toBe(true);
      expect(app.deps.services.personal.size()).toBeGreaterThan(0);
    },
  );
});
