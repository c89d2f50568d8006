import type { Client } from '@stomp/stompjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createTestContext, testDbKind, type TestContext } from './context';
import { call, DEMO, login } from './helpers';
import { collect, connect, stompClient, until } from './stomp-client';

let ctx: TestContext;
let base: string;
const clients: Client[] = [];
const tokens = {} as Record<'user' | 'expert', string>;
const ids = {} as Record<'user' | 'expert', number>;
let chatId: number;

beforeAll(async () => {
  // Short heart-beats so a silent socket is noticed within the test.
  ctx = await createTestContext({
    seed: true,
    env: { STOMP_HEARTBEAT_EXPECT_MS: '200', STOMP_HEARTBEAT_SEND_MS: '200' },
  });
  base = await ctx.listen();
  for (const role of ['user', 'expert'] as const) {
    tokens[role] = await login(ctx.app, DEMO[role]);
    ids[role] = (await call(ctx.app, 'GET', '/api/userinfo/info', { token: tokens[role] })).body.data.id;
  }
  chatId = (
    await call(ctx.app, 'POST', '/api/chat/begin', { token: tokens.user, body: { receiverId: ids.expert } })
  ).body.data.chatId;
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.deactivate()));
});
afterAll(() => ctx.close());

const track = (c: Client) => (clients.push(c), c);

function rawSocket(): Promise<{ ws: WebSocket; frames: string[]; closed: Promise<number> }> {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/SysAdmin/api/chat/connect`);
  const frames: string[] = [];
  ws.on('message', (d) => frames.push(d.toString()));
  const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
  return new Promise((resolve, reject) => {
    ws.on('open', () => resolve({ ws, frames, closed }));
    ws.on('error', reject);
  });
}

describe(`STOMP real-time on ${testDbKind}`, () => {
  it('refuses CONNECT without a valid serviceToken with an ERROR frame', async () => {
    await expect(connect(track(stompClient(base, null)))).rejects.toThrow(/ERROR unauthorized/);
    await expect(connect(track(stompClient(base, 'forged-token')))).rejects.toThrow(/ERROR unauthorized/);
  });

  it('delivers a sent message to the receiver within a second, as the JSON chat message', async () => {
    const expert = track(stompClient(base, tokens.expert));
    await connect(expert);
    const got = collect(expert, `/user/${ids.expert}/message`);
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    const sent = await call(ctx.app, 'POST', '/api/chat/send', {
      token: tokens.user,
      body: { chatId, messageType: '0', messageContent: '你好，想预约下周的咨询' },
    });
    await until(() => got.length === 1, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(JSON.parse(got[0]!.body)).toEqual(sent.body.data);
    expect(got[0]!.headers['content-type']).toBe('application/json');
  });

  it('refuses a subscription to another user’s destination', async () => {
    const user = track(stompClient(base, tokens.user));
    await connect(user);
    const error = new Promise<string>((r) => (user.onStompError = (f) => r(f.headers.message!)));
    user.subscribe(`/user/${ids.expert}/message`, () => {});
    expect(await error).toBe('forbidden destination');
  });

  it('answers RECEIPT frames when asked', async () => {
    const { ws, frames } = await rawSocket();
    ws.send(`CONNECT\naccept-version:1.2\nserviceToken:${tokens.user}\nheart-beat:0,0\n\n\0`);
    await until(() => frames.some((f) => f.startsWith('CONNECTED')));
    ws.send(`SUBSCRIBE\nid:s1\ndestination:/user/${ids.user}/notification\nreceipt:r-42\n\n\0`);
    await until(() => frames.some((f) => f.startsWith('RECEIPT')));
    expect(frames.find((f) => f.startsWith('RECEIPT'))).toContain('receipt-id:r-42');
    ws.close();
  });

  it('closes a socket whose heart-beats stop', async () => {
    const { ws, frames, closed } = await rawSocket();
    ws.send(`CONNECT\naccept-version:1.2\nserviceToken:${tokens.user}\nheart-beat:100,0\n\n\0`);
    await until(() => frames.some((f) => f.startsWith('CONNECTED')));
    expect(frames[0]).toContain('heart-beat:200,200');
    const started = Date.now();
    await closed;
    // Expected every max(100, 200) ms; closed after twice that without a byte.
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('keeps a socket alive while heart-beats arrive', async () => {
    const user = track(stompClient(base, tokens.user, { heartbeatOutgoing: 100 }));
    await connect(user);
    let closed = false;
    user.onWebSocketClose = () => (closed = true);
    await new Promise((r) => setTimeout(r, 1000));
    expect(closed).toBe(false);
    expect(user.connected).toBe(true);
  });

  it('refuses a frame over 64 KB', async () => {
    const { ws, frames, closed } = await rawSocket();
    ws.send(`CONNECT\naccept-version:1.2\nserviceToken:${tokens.user}\n\n\0`);
    await until(() => frames.some((f) => f.startsWith('CONNECTED')));
    ws.send(`SEND\ndestination:/x\n\n${'x'.repeat(70 * 1024)}\0`);
    await closed;
    expect(frames.some((f) => f.startsWith('ERROR') && f.includes('message:frame too large'))).toBe(true);
  });

  it('closes the sockets of a session that logs out', async () => {
    const token = await login(ctx.app, DEMO.user);
    const user = track(stompClient(base, token));
    await connect(user);
    const error = new Promise<string>((r) => (user.onStompError = (f) => r(f.headers.message!)));
    await call(ctx.app, 'POST', '/api/login/logout', { token });
    expect(await error).toBe('session ended');
    await until(() => !user.connected);
  });

  it('refuses an Origin that is not allowed', async () => {
    const c = track(stompClient(base, tokens.user, { origin: 'https://evil.example' }));
    await expect(connect(c)).rejects.toThrow();
  });
});
