import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { seed } from '../src/db/seed';
import { createTestDatabase, testDbKind, type TestDatabase } from './context';
import { call, DEMO, login } from './helpers';
import { collect, connect, stompClient, until } from './stomp-client';

// CI and this machine run Redis at 127.0.0.1:6379; TEST_REDIS_URL points elsewhere.
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let testDb: TestDatabase;
const apps: FastifyInstance[] = [];
const bases: string[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  await seed(testDb.database.db);
  // Two instances, one database, one Redis; a prefix of their own keeps other runs out.
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `psytest-${crypto.randomBytes(4).toString('hex')}`,
  };
  for (let i = 0; i < 2; i++) {
    const app = await buildApp({ config: loadConfig(env), database: testDb.database, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    apps.push(app);
    bases.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  }
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await testDb.drop();
});

describe(`fan-out through Redis on ${testDbKind}`, () => {
  it('a message sent through instance A reaches a client connected to instance B', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    expect(a.deps.hub.broker.kind).toBe('redis');
    const tUser = await login(a, DEMO.user);
    const tExpert = await login(a, DEMO.expert);
    const expertId = (await call(a, 'GET', '/api/userinfo/info', { token: tExpert })).body.data.id;
    const chatId = (
      await call(a, 'POST', '/api/chat/begin', { token: tUser, body: { receiverId: expertId } })
    ).body.data.chatId;

    const onB = stompClient(bases[1]!, tExpert);
    await connect(onB);
    const got = collect(onB, `/user/${expertId}/message`);
    await new Promise((r) => setTimeout(r, 100));
    const sent = await call(a, 'POST', '/api/chat/send', {
      token: tUser,
      body: { chatId, messageType: '0', messageContent: '跨实例消息' },
    });
    await until(() => got.length === 1, 2000);
    expect(JSON.parse(got[0]!.body)).toEqual(sent.body.data);
    expect(b.deps.hub.connectionCount()).toBe(1);
    expect(a.deps.hub.connectionCount()).toBe(0);

    // A logout handled by A closes the socket held by B.
    const closed = new Promise<string>((r) => (onB.onStompError = (f) => r(f.headers.message!)));
    await call(a, 'POST', '/api/login/logout', { token: tExpert });
    expect(await closed).toBe('session ended');
    await onB.deactivate();
  });
});
