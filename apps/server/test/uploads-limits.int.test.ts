import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { seed } from '../src/db/seed';
import { loggerOptions } from '../src/lib/logger';
import { IMAGE_DECODE, imageDecodes } from '../src/modules/uploads/images';
import { createTestDatabase, testClock, testDbKind, type TestDatabase } from './context';
import { call, DEMO, login } from './helpers';

// The real app with its real request logger writing into `logLines`, so the log can be read.
const time = testClock(new Date());
const logLines: string[] = [];
let testDb: TestDatabase;
let app: FastifyInstance;
const tokens = {} as Record<'user' | 'expert' | 'auditor' | 'admin', string>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  await seed(testDb.database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    WEB_DIST: '/nonexistent-web-dist',
    SWEEP_INTERVAL_MS: '0',
  });
  const stream = new Writable({
    write(chunk, _enc, cb) {
      logLines.push(String(chunk));
      cb();
    },
  });
  app = await buildApp({
    config,
    database: testDb.database,
    logger: loggerOptions('info', stream),
    clock: time.clock,
  });
  await app.ready();
  for (const role of ['user', 'expert', 'auditor', 'admin'] as const)
    tokens[role] = await login(app, DEMO[role]);
});
afterAll(async () => {
  await app?.close();
  await testDb?.drop();
});

type Target = 'avatar' | 'chat' | 'content';
const paths: Record<Target, string> = {
  avatar: '/SysAdmin/api/userinfo/avatar',
  chat: '/SysAdmin/api/chat/image',
  content: '/SysAdmin/api/uploads/image',
};

async function upload(token: string, target: Target, file: Buffer) {
  const boundary = '----limits' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: paths[target],
    headers: { serviceToken: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return { res, status: res.statusCode, body: res.json() as { status: number; data: any; message: string } };
}

/** A PNG of one flat colour: huge in pixels, tiny in bytes. */
const flatPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#1677ff' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

describe(`image pixel limits on ${testDbKind}`, () => {
  it('refuses a tiny-bytes, huge-dimension PNG from its header, without decoding it', async () => {
    // 5000 x 4000 = 20 million pixels: over both limits.
    const bomb = await flatPng(5000, 4000);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const before = imageDecodes.stats().started;

    const chat = await upload(tokens.user, 'chat', bomb);
    expect(chat.status).toBe(400);
    expect(chat.body).toEqual({ status: 400, data: null, message: '图片尺寸过大（最多 1600 万像素）' });

    const avatar = await upload(tokens.user, 'avatar', bomb);
    expect(avatar.status).toBe(400);
    expect(avatar.body.message).toBe('图片尺寸过大（最多 1300 万像素）');

    // Neither reached the decoder.
    expect(imageDecodes.stats().started).toBe(before);
  });

  it('avatars have the lower limit: 14 megapixels is a chat image, not an avatar', async () => {
    const png = await flatPng(4000, 3500);
    const avatar = await upload(tokens.expert, 'avatar', png);
    expect(avatar.status).toBe(400);
    expect(avatar.body.message).toBe('图片尺寸过大（最多 1300 万像素）');
    const chat = await upload(tokens.expert, 'chat', png);
    expect(chat.status, chat.body.message).toBe(200);
    expect([chat.body.data.width, chat.body.data.height]).toEqual([2048, 1792]);
  });
});

describe(`image work bounds on ${testDbKind}`, () => {
  it('answers 503 服务器繁忙 when every decoding slot and the queue are taken', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Occupy the slots and fill the queue behind them.
    const hogs = Array.from({ length: IMAGE_DECODE.slots + IMAGE_DECODE.queue }, () =>
      imageDecodes.run(() => held),
    );
    expect(imageDecodes.stats()).toMatchObject({ active: IMAGE_DECODE.slots, queued: IMAGE_DECODE.queue });

    const small = await flatPng(64, 64);
    const busy = await upload(tokens.auditor, 'chat', small);
    expect(busy.status).toBe(503);
    expect(busy.body.message).toBe('服务器繁忙，请稍后再试');
    expect(busy.res.headers['retry-after']).toBe('5');

    release();
    await Promise.all(hogs);
    expect((await upload(tokens.auditor, 'chat', small)).status).toBe(200);
  });

  it('limits uploads to 20 a minute per account, avatars and chat images together', async () => {
    const junk = Buffer.from('not an image at all');
    // Refused uploads count too: the limit is on attempts, checked before the body is read.
    for (let i = 0; i < 20; i++) {
      const r = await upload(tokens.admin, i % 2 ? 'avatar' : 'chat', junk);
      expect(r.status, r.body.message).toBe(400);
      time.advance(1000);
    }
    const limited = await upload(tokens.admin, 'chat', await flatPng(64, 64));
    expect(limited.status).toBe(429);
    // The oldest of the 20 was 20 s ago: 40 s until it leaves the minute.
    expect(limited.body.message).toBe('上传过于频繁，请在 40 秒后再试');
    expect(limited.res.headers['retry-after']).toBe('40');
    expect((await upload(tokens.admin, 'avatar', junk)).status).toBe(429);

    // Another account is unaffected.
    expect((await upload(tokens.user, 'chat', junk)).status).toBe(400);

    time.advance(40_000);
    expect((await upload(tokens.admin, 'chat', await flatPng(64, 64))).status).toBe(200);
  });
});

describe(`request log on ${testDbKind}`, () => {
  it('never carries the signature of a signed chat-image URL', async () => {
    const expertId = (await call(app, 'GET', '/api/userinfo/info', { token: tokens.expert })).body.data.id;
    const chatId = (
      await call(app, 'POST', '/api/chat/begin', { token: tokens.user, body: { receiverId: expertId } })
    ).body.data.chatId;
    const up = await upload(tokens.user, 'chat', await flatPng(300, 200));
    expect(up.status).toBe(200);
    const msg = await call(app, 'POST', '/api/chat/send', {
      token: tokens.user,
      body: { chatId, messageType: '1', messageContent: up.body.data.id },
    });
    const url: string = msg.body.data.image.url;
    const sig = /sig=([0-9a-f]{64})/.exec(url)![1]!;

    logLines.length = 0;
    expect((await app.inject(url)).statusCode).toBe(200);
    expect((await app.inject(msg.body.data.image.thumbUrl)).statusCode).toBe(200);
    const log = logLines.join('');
    expect(log).toContain(`/chat/image/${up.body.data.id}?v=full&exp=`);
    expect(log).toContain('sig=[REDACTED]');
    expect(log).not.toContain(sig);
    expect(log).not.toMatch(/sig=[0-9a-f]{8}/);
  });
});

describe(`content images (rich text, covers, tweets) on ${testDbKind}`, () => {
  // The tests above spent this minute's uploads.
  beforeAll(() => time.advance(61_000));

  it('staff upload an image: re-encoded to WebP, at most 1600 px wide, served from the public path', async () => {
    const { status, body } = await upload(tokens.expert, 'content', await flatPng(3000, 1000));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ width: 1600, height: 533 });
    expect(body.data.url).toMatch(/^\/SysAdmin\/file\/upload\/content-[0-9a-f-]+\.webp$/);
    const file = await app.inject({ method: 'GET', url: body.data.url });
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).format).toBe('webp');
    for (const role of ['auditor', 'admin'] as const)
      expect((await upload(tokens[role], 'content', await flatPng(20, 20))).status).toBe(200);
  });

  it('users and visitors may not upload content images; a non-image is refused in Chinese', async () => {
    expect((await upload(tokens.user, 'content', await flatPng(20, 20))).status).toBe(403);
    expect((await upload('', 'content', await flatPng(20, 20))).status).toBe(401);
    const bad = await upload(tokens.expert, 'content', Buffer.from('MZ this is not an image'));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('无法识别的图片，请上传 JPG、PNG、WebP 或 GIF 格式');
  });
});
