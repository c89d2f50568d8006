import type { ChatMessage } from '@psy/contracts';
import type { Client } from '@stomp/stompjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, testDbKind, type TestContext } from './context';
import { call, DEMO, login } from './helpers';
import { stompClient, until } from './stomp-client';

/** A small seeded PRNG, so a failure can be replayed. */
function prng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  base = await ctx.listen();
});
afterAll(() => ctx.close());

/** One device: live pushes plus catch-up through the messages API after every (re)connect. */
function device(token: string, userId: number, chatId: number) {
  const store = new Map<number, ChatMessage>();
  let lastSeen = 0;
  let catchingUp = Promise.resolve();
  const keep = (m: ChatMessage) => {
    if (m.chatId !== chatId) return;
    store.set(m.id, m);
  };
  const catchUp = async () => {
    for (;;) {
      const r = await call(
        ctx.app,
        'GET',
        `/api/chat/messages?chatId=${chatId}&readChatMessage=${lastSeen}&limit=200`,
        {
          token,
        },
      );
      const list = r.body.data.list as ChatMessage[];
      for (const m of list) keep(m);
      // Only the API's gap-free answers move the cursor; pushes may have holes.
      if (list.length) lastSeen = Math.max(lastSeen, list[list.length - 1]!.id);
      if (!r.body.data.hasMore) return;
    }
  };
  const client: Client = stompClient(base, token, { reconnectDelay: 0 });
  client.onConnect = () => {
    client.subscribe(`/user/${userId}/message`, (frame) => keep(JSON.parse(frame.body) as ChatMessage));
    // Subscribe first, then fetch what was missed: nothing falls between the two.
    catchingUp = catchingUp.then(catchUp);
  };
  return {
    store,
    client,
    settle: async () => {
      await until(() => client.connected, 5000);
      await catchingUp;
      await catchUp();
    },
  };
}

describe(`no message lost on ${testDbKind}`, () => {
  it(
    '2,000 messages both ways while the receiver drops and reconnects at random',
    { timeout: 120_000 },
    async () => {
      const tUser = await login(ctx.app, DEMO.user);
      const tExpert = await login(ctx.app, DEMO.expert);
      const idOf = async (t: string) =>
        (await call(ctx.app, 'GET', '/api/userinfo/info', { token: t })).body.data.id as number;
      const [uid, eid] = [await idOf(tUser), await idOf(tExpert)];
      const chatId = (
        await call(ctx.app, 'POST', '/api/chat/begin', { token: tUser, body: { receiverId: eid } })
      ).body.data.chatId as number;

      const a = device(tUser, uid, chatId);
      const b = device(tExpert, eid, chatId);
      a.client.activate();
      b.client.activate();
      await until(() => a.client.connected && b.client.connected, 5000);

      const rand = prng(20261122);
      let running = true;
      // The expert's device flaps: down for a while, up for a while, over and over.
      const flapper = (async () => {
        while (running) {
          await new Promise((r) => setTimeout(r, 20 + rand() * 120));
          if (!running) break;
          await b.client.deactivate();
          await new Promise((r) => setTimeout(r, 10 + rand() * 80));
          b.client.activate();
        }
      })();

      const sentIds: number[] = [];
      for (let i = 0; i < 2000; i++) {
        const fromUser = i % 2 === 0;
        const r = await call(ctx.app, 'POST', '/api/chat/send', {
          token: fromUser ? tUser : tExpert,
          body: {
            chatId,
            messageType: '0',
            messageContent: `消息 ${i}`,
            clientMessageId: `noloss-${i}-xxxxxxxx`,
          },
        });
        expect(r.status).toBe(200);
        sentIds.push(r.body.data.id);
      }
      running = false;
      await flapper;
      if (!b.client.active) b.client.activate();
      await a.settle();
      await b.settle();

      const expected = [...sentIds].sort((x, y) => x - y);
      for (const d of [a, b]) {
        const ids = [...d.store.keys()].sort((x, y) => x - y);
        expect(ids).toEqual(expected);
        const texts = ids.map((id) => d.store.get(id)!.messageContent);
        expect(texts).toEqual(expected.map((_, i) => `消息 ${i}`));
      }
      await a.client.deactivate();
      await b.client.deactivate();
    },
  );
});
