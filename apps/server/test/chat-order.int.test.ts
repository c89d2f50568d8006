/**
 * Chat delivery under concurrency. (a) Eight sends in flight in one chat while the receiver's
 * socket is cut again and again: before sends locked the chat row, ids were taken before
 * commit, a message could commit after a higher id had already been read, and a receiver
 * catching up with readChatMessage=<newest id held> skipped it (7 to 26 of 400-600 lost on
 * PostgreSQL). (b) A real server process killed with SIGKILL mid-stream and restarted on the
 * same database: every acknowledged message stored once and delivered once.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ChatMessage } from '@psy/contracts';
import type { Client } from '@stomp/stompjs';
import { eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { WebSocket } from 'ws';
import { openDatabase, pgliteExtensions, type Database } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { seed } from '../src/db/seed';
import { chatMessages, chats } from '../src/modules/chat/chat.table';
import { createTestContext, testDbKind, withDatabase } from './context';
import { exited, startServer } from './server-child';
import { call, DEMO, login } from './helpers';
import { stompClient, until } from './stomp-client';

/** A small seeded PRNG, so a failure can be replayed. */
function prng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Fetch = (url: string, token: string) => Promise<{ list: ChatMessage[]; hasMore: boolean }>;

/**
 * A device as the web app is one: the chat opened (newest page), then the real
 * @stomp/stompjs client on `/user/<id>/message`.
 * After every (re)connect it waits for the RECEIPT of its SUBSCRIBE, notes the newest id it
 * holds at that moment (before anything of the new subscription can have arrived), and
 * catches up with `readChatMessage=<that id>`, page by page.
 */
function receiver(opts: {
  base: string;
  token: string;
  userId: number;
  chatId: number;
  fetch: Fetch;
  /** The newest page, read when the chat was opened: the catch-up cursor is never 0 (0 means "newest page"). */
  opened: ChatMessage[];
}) {
  const held = new Map<number, ChatMessage>(opts.opened.map((m) => [m.id, m]));
  /** How often each id came as a push: the server must never push one message twice. */
  const pushed = new Map<number, number>();
  let catchUps = Promise.resolve();
  let catchUpError: unknown = null;
  let connects = 0;
  let client: Client;
  const newest = () => {
    let max = 0;
    for (const id of held.keys()) if (id > max) max = id;
    return max;
  };
  const catchUp = async (from: number) => {
    if (from <= 0) throw new Error('nothing held: readChatMessage=0 would answer the newest page');
    let cursor = from;
    for (;;) {
      const page = await opts.fetch(
        `/api/chat/messages?chatId=${opts.chatId}&readChatMessage=${cursor}&limit=200`,
        opts.token,
      );
      for (const m of page.list) held.set(m.id, m);
      if (page.list.length) cursor = page.list[page.list.length - 1]!.id;
      if (!page.hasMore) return;
    }
  };
  const open = (base: string) => {
    client = stompClient(base, opts.token, { reconnectDelay: 25 });
    client.onConnect = () => {
      const receipt = `sub-${++connects}`;
      client.watchForReceipt(receipt, () => {
        const from = newest();
        catchUps = catchUps.then(() =>
          catchUp(from).catch((err: unknown) => {
            catchUpError = err;
          }),
        );
      });
      client.subscribe(
        `/user/${opts.userId}/message`,
        (frame) => {
          const m = JSON.parse(frame.body) as ChatMessage;
          if (m.chatId !== opts.chatId) return;
          pushed.set(m.id, (pushed.get(m.id) ?? 0) + 1);
          held.set(m.id, m);
        },
        { receipt },
      );
    };
    client.activate();
  };
  open(opts.base);
  return {
    held,
    pushed,
    get connects() {
      return connects;
    },
    get client() {
      return client;
    },
    /** Drops the socket the hard way (no DISCONNECT, no close handshake); stompjs reconnects. */
    cut() {
      (client.webSocket as unknown as WebSocket | undefined)?.terminate();
    },
    /** Moves to another server (the restarted one), keeping what it holds. */
    async reopen(base: string) {
      await client.deactivate();
      open(base);
    },
    async drained() {
      await catchUps;
      if (catchUpError) throw catchUpError;
    },
    stop: () => client.deactivate(),
  };
}

function expectExactlyOnce(
  r: ReturnType<typeof receiver>,
  acked: Map<string, number>,
  sentText: Map<string, string>,
) {
  const expected = [...acked.values()].sort((a, b) => a - b);
  const got = [...r.held.keys()].sort((a, b) => a - b);
  const missing = expected.filter((id) => !r.held.has(id));
  expect(missing, `${missing.length} acknowledged messages never reached the receiver`).toEqual([]);
  expect(got).toEqual(expected);
  expect([...r.pushed.entries()].filter(([, n]) => n > 1)).toEqual([]);
  for (const [cmid, id] of acked) {
    const m = r.held.get(id)!;
    expect(m.clientMessageId).toBe(cmid);
    expect(m.messageContent).toBe(sentText.get(cmid));
  }
}

/** JSON over real HTTP; throws on a refused or cut connection (the caller retries). */
async function http(base: string, method: 'GET' | 'POST', url: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}/SysAdmin${url}`, {
    method,
    headers: {
      ...(token ? { serviceToken: token } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, body: (await res.json()) as { data: any; message: string } };
}

describe(`chat order under concurrent sends on ${testDbKind}`, () => {
  it(
    '8 sends in flight in one chat, the receiver cut every 200-600 ms: every acknowledged message once',
    { timeout: 60_000 },
    async () => {
      const ctx = await createTestContext({ seed: true });
      try {
        const base = await ctx.listen();
        const tUser = await login(ctx.app, DEMO.user);
        const tExpert = await login(ctx.app, DEMO.expert);
        const idOf = async (t: string) =>
          (await call(ctx.app, 'GET', '/api/userinfo/info', { token: t })).body.data.id as number;
        const eid = await idOf(tExpert);
        const chatId = (
          await call(ctx.app, 'POST', '/api/chat/begin', { token: tUser, body: { receiverId: eid } })
        ).body.data.chatId as number;

        // Real HTTP, as a browser would: sends, catch-ups and sockets share the server fairly.
        const fetchPage: Fetch = async (url, token) => {
          const r = await http(base, 'GET', url, token);
          if (r.status !== 200) throw new Error(`catch-up ${r.status}: ${r.body.message}`);
          return r.body.data;
        };
        const acked = new Map<string, number>();
        const sentText = new Map<string, string>();
        const hello = await http(base, 'POST', '/api/chat/send', tUser, {
          chatId,
          messageType: '0',
          messageContent: '王老师您好',
          clientMessageId: 'order-hello-xxxx',
        });
        acked.set('order-hello-xxxx', hello.body.data.id);
        sentText.set('order-hello-xxxx', '王老师您好');
        const opened = await fetchPage(`/api/chat/messages?chatId=${chatId}&readChatMessage=0`, tExpert);
        const rx = receiver({
          base,
          token: tExpert,
          userId: eid,
          chatId,
          fetch: fetchPage,
          opened: opened.list,
        });
        await until(() => rx.client.connected, 5000);

        const rand = prng(20261201);
        let running = true;
        let cuts = 0;
        // Each connection lives 200-600 ms, then its socket is cut; stompjs reconnects at once.
        const cutter = (async () => {
          let cutAt = 0;
          while (running) {
            await until(() => !running || (rx.connects > cutAt && rx.client.connected), 20_000);
            await sleep(200 + rand() * 400);
            if (!running) break;
            cutAt = rx.connects;
            rx.cut();
            cuts++;
          }
        })();

        // (PGlite runs one transaction at a time, so there is no race to find there; the
        // delivery path is the same.)
        // At least 400 messages, and on until the receiver has been cut three times: sends
        // committed in groups can finish 400 before the third cut (at most 4,000).
        const AT_LEAST = 400;
        const AT_MOST = 4000;
        const IN_FLIGHT = 8;
        let next = 0;
        let sent = 0;
        const worker = async (w: number) => {
          // Half the senders are the user, half the expert (whose own messages come back too).
          const token = w % 2 === 0 ? tUser : tExpert;
          for (let i = next++; i < AT_MOST && (i < AT_LEAST || cuts < 3); i = next++) {
            const cmid = `order-${i}-${w}-xxxx`;
            const text = `并发消息 ${i}`;
            sentText.set(cmid, text);
            const r = await http(base, 'POST', '/api/chat/send', token, {
              chatId,
              messageType: '0',
              messageContent: text,
              clientMessageId: cmid,
            });
            expect(r.status, r.body.message).toBe(200);
            acked.set(cmid, r.body.data.id);
            sent++;
          }
        };
        await Promise.all(Array.from({ length: IN_FLIGHT }, (_, w) => worker(w)));
        running = false;
        await cutter;
        expect(cuts).toBeGreaterThanOrEqual(3);
        expect(sent).toBeGreaterThanOrEqual(AT_LEAST);
        const TOTAL = sent;
        expect(acked.size).toBe(TOTAL + 1);

        // The live path only: the receiver's own reconnect catch-ups and pushes, no extra read.
        await until(() => rx.client.connected, 5000);
        await until(() => rx.held.size >= acked.size, 5000).catch(() => {});
        await rx.drained();
        console.info(
          `chat-order on ${testDbKind}: ${TOTAL} sent, ${rx.held.size} held, ${cuts} cuts, ${rx.connects} connects`,
        );
        expectExactlyOnce(rx, acked, sentText);

        const maxId = Math.max(...acked.values());
        const [chat] = await ctx.database.db
          .select({ last: chats.lastMessageId })
          .from(chats)
          .where(eq(chats.id, chatId));
        expect(chat!.last).toBe(maxId);
        const [counts] = await ctx.database.db
          .select({
            n: sql<number>`count(*)::int`,
            distinctIds: sql<number>`count(distinct ${chatMessages.clientMessageId})::int`,
          })
          .from(chatMessages)
          .where(eq(chatMessages.chatId, chatId));
        expect(counts).toEqual({ n: TOTAL + 1, distinctIds: TOTAL + 1 });
        await rx.stop();
      } finally {
        await ctx.close();
      }
    },
  );
});

// ---- (b) a real server process killed mid-stream ----

describe(`chat across a killed server process on ${testDbKind}`, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-chat-kill-'));
  const pgName = `psy_chatkill_${process.pid}_${Date.now()}`;
  const adminUrl = process.env.TEST_DATABASE_URL;
  const admin =
    testDbKind === 'postgres' && adminUrl ? postgres(adminUrl, { max: 1, onnotice: () => {} }) : null;
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await Promise.all(children.map(exited));
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (admin) {
      await admin.unsafe(`drop database if exists ${pgName} with (force)`);
      await admin.end();
    }
  });

  it(
    'SIGKILL half-way through a stream of sends: every acknowledged message stored once, delivered once after the restart',
    { timeout: 90_000 },
    async () => {
      // The database is made, migrated and seeded here, so the server starts without initdb.
      const env: Record<string, string> = {};
      let database: Database;
      if (admin) {
        await admin.unsafe(`create database ${pgName}`);
        env.DATABASE_URL = withDatabase(adminUrl!, pgName);
        database = await openDatabase({ databaseUrl: env.DATABASE_URL, poolSize: 2 });
        await runMigrations(database);
      } else {
        env.DATA_DIR = dataDir;
        const template = fs.readFileSync(inject('pgliteTemplate'));
        database = await openDatabase({ dataDir, loadDataDir: new Blob([template]) });
      }
      await seed(database.db);
      await database.close();

      const t0 = Date.now();
      const first = await startServer(env, { logLevel: 'warn' });
      const firstStartMs = Date.now() - t0;
      children.push(first.child);
      let base = first.base;
      const loginAt = async (telephone: string) => {
        const r = await http(base, 'POST', '/api/login/login', undefined, {
          telephone,
          password: DEMO.password,
        });
        expect(r.status, r.body.message).toBe(200);
        return { token: r.body.data.token as string, id: r.body.data.userinfo.id as number };
      };
      const user = await loginAt(DEMO.user);
      const expert = await loginAt(DEMO.expert);
      const chatId = (await http(base, 'POST', '/api/chat/begin', user.token, { receiverId: expert.id })).body
        .data.chatId as number;

      const fetchPage: Fetch = async (url, token) => {
        // Catch-up goes to whichever server is up, and waits while none is.
        for (;;) {
          try {
            const r = await http(base, 'GET', url, token);
            if (r.status === 200) return r.body.data;
          } catch {
            /* server down */
          }
          await sleep(100);
        }
      };
      const acked = new Map<string, number>();
      const sentText = new Map<string, string>();
      const hello = await http(base, 'POST', '/api/chat/send', user.token, {
        chatId,
        messageType: '0',
        messageContent: '王老师您好',
        clientMessageId: 'kill-hello-xxxx',
      });
      acked.set('kill-hello-xxxx', hello.body.data.id);
      sentText.set('kill-hello-xxxx', '王老师您好');
      const opened = await fetchPage(`/api/chat/messages?chatId=${chatId}&readChatMessage=0`, expert.token);
      const rx = receiver({
        base,
        token: expert.token,
        userId: expert.id,
        chatId,
        fetch: fetchPage,
        opened: opened.list,
      });
      await until(() => rx.client.connected, 5000);

      const TOTAL = 120;
      const IN_FLIGHT = 4;
      let attempts = 0;
      let failures = 0;
      let next = 0;
      /** Sends one message until an HTTP 200 answers it, always with the same clientMessageId. */
      const sendUntilAcked = async (token: string, cmid: string, text: string) => {
        for (;;) {
          attempts++;
          try {
            const r = await http(base, 'POST', '/api/chat/send', token, {
              chatId,
              messageType: '0',
              messageContent: text,
              clientMessageId: cmid,
            });
            if (r.status === 200) return r.body.data as ChatMessage;
            // Only "server unavailable" answers are expected while it dies or starts.
            expect(r.status, r.body.message).toBeGreaterThanOrEqual(500);
          } catch {
            /* refused or cut: the server is down */
          }
          failures++;
          await sleep(200);
        }
      };
      const worker = async (w: number) => {
        const token = w % 2 === 0 ? user.token : expert.token;
        for (let i = next++; i < TOTAL; i = next++) {
          const cmid = `kill-${i}-${w}-xxxx`;
          const text = `重启测试 ${i}`;
          sentText.set(cmid, text);
          const stored = await sendUntilAcked(token, cmid, text);
          expect(stored.clientMessageId).toBe(cmid);
          acked.set(cmid, stored.id);
        }
      };
      const senders = Promise.all(Array.from({ length: IN_FLIGHT }, (_, w) => worker(w)));

      // Half-way, with sends in flight: no goodbye, no flush, no clean close of the database.
      await until(() => acked.size >= TOTAL / 2, 30_000);
      first.child.kill('SIGKILL');
      await exited(first.child);
      // The web app's client backs off while the server is down; this one just waits for the restart.
      await rx.stop();
      const ackedBeforeKill = acked.size;

      const t1 = Date.now();
      const second = await startServer(env, { logLevel: 'warn' });
      const restartMs = Date.now() - t1;
      children.push(second.child);
      base = second.base;
      await rx.reopen(base);
      await senders;
      expect(failures).toBeGreaterThan(0);
      expect(acked.size).toBe(TOTAL + 1);

      await until(() => rx.client.connected, 5000);
      await until(() => rx.held.size >= acked.size, 5000).catch(() => {});
      await rx.drained();
      console.info(
        `chat-kill on ${testDbKind}: started in ${firstStartMs} ms, restarted in ${restartMs} ms; ` +
          `${ackedBeforeKill} acknowledged before SIGKILL, ${attempts} attempts, ` +
          `${failures} failed, ${rx.held.size} held by the receiver`,
      );
      expectExactlyOnce(rx, acked, sentText);
      await rx.stop();

      // What the restarted server has stored: each acknowledged message once, nothing else.
      const history: ChatMessage[] = [];
      let before = 0;
      for (;;) {
        const q = `/api/chat/messages?chatId=${chatId}&limit=200${before ? `&before=${before}` : ''}`;
        const page = (await http(base, 'GET', q, user.token)).body.data as {
          list: ChatMessage[];
          hasMore: boolean;
        };
        history.unshift(...page.list);
        if (!page.hasMore || !page.list.length) break;
        before = page.list[0]!.id;
      }
      expect(history.map((m) => m.id)).toEqual([...acked.values()].sort((a, b) => a - b));
      expect(new Set(history.map((m) => m.clientMessageId)).size).toBe(TOTAL + 1);
      const chat = (await http(base, 'GET', `/api/chat/get/${chatId}`, user.token)).body.data as {
        lastChatMessage: ChatMessage;
      };
      expect(chat.lastChatMessage.id).toBe(Math.max(...acked.values()));

      second.child.kill('SIGTERM');
      await exited(second.child);
      // And straight from the database, with the server gone.
      const countSql = `select count(*)::int as n, count(distinct client_message_id)::int as d
        from chat_messages where chat_id = ${Number(chatId)}`;
      let counts: { n: number; d: number };
      if (admin) {
        const db = postgres(withDatabase(adminUrl!, pgName), { max: 1, onnotice: () => {} });
        counts = (await db.unsafe(countSql))[0] as unknown as { n: number; d: number };
        await db.end();
      } else {
        const pg = await PGlite.create(dataDir, { extensions: pgliteExtensions });
        counts = (await pg.query<{ n: number; d: number }>(countSql)).rows[0]!;
        await pg.close();
      }
      expect(counts).toEqual({ n: TOTAL + 1, d: TOTAL + 1 });
    },
  );
});
