import type { Client } from '@stomp/stompjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createTestContext, testDbKind, type TestContext } from './context';
import { call, DEMO, login } from './helpers';
import { connect, stompClient, until } from './stomp-client';

/**
 * The STOMP server against hostile clients: one CONNECT per socket, a cap on subscriptions
 * per socket and on sessions per user, and timeouts for silent and never-connecting sockets.
 * Real server, real sockets; small timeouts so the test sees them happen.
 */
const IDLE_MS = 1500;
const CONNECT_MS = 800;

let ctx: TestContext;
let base: string;
const tokens = {} as Record<'user' | 'expert', string>;
const ids = {} as Record<'user' | 'expert', number>;
const clients: Client[] = [];
const sockets: WebSocket[] = [];

beforeAll(async () => {
  ctx = await createTestContext({
    seed: true,
    env: { STOMP_IDLE_TIMEOUT_MS: String(IDLE_MS), STOMP_CONNECT_TIMEOUT_MS: String(CONNECT_MS) },
  });
  base = await ctx.listen();
  for (const role of ['user', 'expert'] as const) {
    tokens[role] = await login(ctx.app, DEMO[role]);
    ids[role] = (await call(ctx.app, 'GET', '/api/userinfo/info', { token: tokens[role] })).body.data.id;
  }
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.deactivate()));
  for (const ws of sockets.splice(0)) ws.terminate();
  // Every test leaves the server holding nothing: no socket, session, hub entry or timer.
  await until(() => ctx.app.stomp.stats().websockets === 0, 5000);
  expect(ctx.app.stomp.stats()).toEqual({ websockets: 0, sockets: 0, sessions: 0, users: 0, timers: 0 });
  expect(ctx.app.deps.hub.connectionCount()).toBe(0);
});
afterAll(() => ctx.close());

const track = (c: Client) => (clients.push(c), c);

interface Raw {
  ws: WebSocket;
  /** Every frame the server sent, as text; heart-beats left out. */
  frames: string[];
  closed: Promise<number>;
  isClosed(): boolean;
}

function rawSocket(): Promise<Raw> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/SysAdmin/api/chat/connect`);
  sockets.push(ws);
  const frames: string[] = [];
  let done = false;
  ws.on('message', (d) => {
    const text = d.toString();
    if (text.trim() !== '') frames.push(text);
  });
  const closed = new Promise<number>((r) =>
    ws.on('close', (code) => {
      done = true;
      r(code);
    }),
  );
  return new Promise((resolve, reject) => {
    ws.on('open', () => resolve({ ws, frames, closed, isClosed: () => done }));
    ws.on('error', reject);
  });
}

const commandOf = (frame: string) => frame.slice(0, frame.indexOf('\n'));
const messageOf = (frame: string) => /\nmessage:([^\n]*)/.exec(frame)?.[1];
const connectFrame = (token: string, heartBeat = '0,0') =>
  `CONNECT\naccept-version:1.2\nserviceToken:${token}\nheart-beat:${heartBeat}\n\n\0`;

async function connected(heartBeat = '0,0', token = tokens.user): Promise<Raw> {
  const raw = await rawSocket();
  raw.ws.send(connectFrame(token, heartBeat));
  await until(() => raw.frames.some((f) => f.startsWith('CONNECTED')));
  return raw;
}

describe(`STOMP limits on ${testDbKind}`, () => {
  it('answers 500 CONNECT frames in one WebSocket message with one CONNECTED, then an ERROR and the close, and leaves nothing behind', async () => {
    const raw = await rawSocket();
    // Heart-beats on, so the accepted CONNECT has timers that must go with the socket.
    raw.ws.send(connectFrame(tokens.user, '10000,10000').repeat(500));
    await raw.closed;
    expect(raw.frames.map(commandOf)).toEqual(['CONNECTED', 'ERROR']);
    expect(messageOf(raw.frames[1]!)).toBe('重复的 CONNECT：每个连接只能 CONNECT 一次');
    await until(() => ctx.app.stomp.stats().websockets === 0);
    expect(ctx.app.stomp.stats()).toEqual({ websockets: 0, sockets: 0, sessions: 0, users: 0, timers: 0 });
    expect(ctx.app.deps.hub.connectionCount()).toBe(0);
  });

  it('refuses a second CONNECT sent after CONNECTED, and any frame before CONNECT', async () => {
    const again = await connected('10000,10000');
    expect(ctx.app.stomp.stats()).toMatchObject({ sessions: 1, users: 1 });
    expect(ctx.app.stomp.stats().timers).toBeGreaterThan(0);
    again.ws.send(`STOMP\naccept-version:1.2\nserviceToken:${tokens.user}\n\n\0`);
    await again.closed;
    expect(again.frames.map(commandOf)).toEqual(['CONNECTED', 'ERROR']);
    expect(messageOf(again.frames[1]!)).toBe('重复的 CONNECT：每个连接只能 CONNECT 一次');

    const early = await rawSocket();
    early.ws.send(
      `SUBSCRIBE\nid:s1\ndestination:/user/${ids.user}/message\n\n\0${connectFrame(tokens.user)}`,
    );
    await early.closed;
    expect(early.frames.map(commandOf)).toEqual(['ERROR']);
    expect(messageOf(early.frames[0]!)).toBe('not connected');
    await until(() => ctx.app.stomp.stats().sockets === 0);
    expect(ctx.app.stomp.stats()).toMatchObject({ sockets: 0, sessions: 0, timers: 0 });
  });

  it('handles frames pipelined behind CONNECT once CONNECTED has gone out', async () => {
    const raw = await rawSocket();
    raw.ws.send(
      connectFrame(tokens.user) + `SUBSCRIBE\nid:s1\ndestination:/user/${ids.user}/message\nreceipt:r1\n\n\0`,
    );
    await until(() => raw.frames.length === 2);
    expect(raw.frames.map(commandOf)).toEqual(['CONNECTED', 'RECEIPT']);
    expect(raw.isClosed()).toBe(false);
  });

  it('refuses the 33rd subscription on one socket, and a duplicate subscription id', async () => {
    const raw = await connected('10000,0');
    let subs = '';
    for (let i = 1; i <= 32; i++)
      subs += `SUBSCRIBE\nid:s${i}\ndestination:/user/${ids.user}/${i % 2 ? 'message' : 'notification'}\nreceipt:r${i}\n\n\0`;
    raw.ws.send(subs);
    await until(() => raw.frames.filter((f) => f.startsWith('RECEIPT')).length === 32);
    expect(raw.isClosed()).toBe(false);
    raw.ws.send(`SUBSCRIBE\nid:s33\ndestination:/user/${ids.user}/message\nreceipt:r33\n\n\0`);
    await raw.closed;
    const last = raw.frames[raw.frames.length - 1]!;
    expect(commandOf(last)).toBe('ERROR');
    expect(messageOf(last)).toBe('订阅数已达上限（32）');
    expect(raw.frames.some((f) => f.includes('receipt-id:r33'))).toBe(false);

    const dup = await connected('10000,0');
    dup.ws.send(`SUBSCRIBE\nid:s1\ndestination:/user/${ids.user}/message\nreceipt:a\n\n\0`);
    dup.ws.send(`SUBSCRIBE\nid:s1\ndestination:/user/${ids.user}/notification\nreceipt:b\n\n\0`);
    await dup.closed;
    expect(dup.frames.map(commandOf)).toEqual(['CONNECTED', 'RECEIPT', 'ERROR']);
    expect(messageOf(dup.frames[2]!)).toBe('订阅 ID 重复（s1）');
  });

  it('refuses the 11th socket of one user, and takes a new one once another has closed', async () => {
    const mine: Client[] = [];
    for (let i = 0; i < 10; i++) {
      const c = track(stompClient(base, tokens.user));
      await connect(c);
      mine.push(c);
    }
    expect(ctx.app.stomp.stats()).toMatchObject({ sessions: 10, users: 1 });
    // Another login of the same user counts too: the limit is per user, not per token.
    const otherLogin = await login(ctx.app, DEMO.user);
    await expect(connect(track(stompClient(base, otherLogin)))).rejects.toThrow('ERROR 连接数已达上限（10）');
    // Someone else is not affected.
    await connect(track(stompClient(base, tokens.expert)));
    expect(ctx.app.stomp.stats()).toMatchObject({ sessions: 11, users: 2 });

    await mine[0]!.deactivate();
    await until(() => ctx.app.stomp.stats().sessions === 10);
    await connect(track(stompClient(base, tokens.user)));
    expect(ctx.app.stomp.stats()).toMatchObject({ sessions: 11, users: 2 });
    expect(ctx.app.deps.hub.connectionCount()).toBe(11);
  });

  it('closes a socket with heart-beats off after the idle timeout, and keeps one that keeps talking', async () => {
    const silent = await connected('0,0');
    const started = Date.now();
    const talker = await connected('0,0');
    const ticker = setInterval(() => talker.ws.send('\n'), IDLE_MS / 4);
    try {
      await silent.closed;
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(IDLE_MS - 100);
      expect(waited).toBeLessThan(IDLE_MS + 2000);
      const last = silent.frames[silent.frames.length - 1]!;
      expect(commandOf(last)).toBe('ERROR');
      expect(messageOf(last)).toBe('连接空闲超时（1.5 秒内未收到任何数据）');
      // The talker has outlived two idle periods by now.
      await new Promise((r) => setTimeout(r, IDLE_MS));
      expect(talker.isClosed()).toBe(false);
    } finally {
      clearInterval(ticker);
    }
  });

  it('closes a socket that never completes CONNECT after the connect timeout', async () => {
    const mute = await rawSocket();
    const started = Date.now();
    // Half a CONNECT, never finished.
    const half = await rawSocket();
    half.ws.send(`CONNECT\naccept-version:1.2\nserviceToken:${tokens.user}\n`);
    await Promise.all([mute.closed, half.closed]);
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(CONNECT_MS - 100);
    expect(waited).toBeLessThan(CONNECT_MS + 2000);
    for (const raw of [mute, half]) {
      expect(raw.frames.map(commandOf)).toEqual(['ERROR']);
      expect(messageOf(raw.frames[0]!)).toBe('连接超时（800 毫秒内未完成 CONNECT）');
    }
  });
});
