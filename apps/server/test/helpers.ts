import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';

export const DEMO = {
  user: '13800000001',
  expert: '13800000002',
  auditor: '13800000003',
  admin: '13800000004',
  password: 'Demo@123456',
} as const;

/**
 * The demo accounts the content tests sign in, by the part they play: two users, the demo expert
 * and an expert of another institution, the auditor.
 */
export const CAST = {
  user: DEMO.user,
  user2: '13800000021',
  user3: '13800000022',
  expert: DEMO.expert,
  expert2: '13800000013',
  auditor: DEMO.auditor,
} as const;

/**
 * The accounts the statistics tests count, named by their phone's last digits: three users (two of
 * 北京心晴, one of 上海青禾), the demo expert and two others, the auditor.
 */
export const STATS_CAST = {
  user1: DEMO.user,
  user21: '13800000021',
  user22: '13800000022',
  expert2: DEMO.expert,
  expert12: '13800000012',
  expert13: '13800000013',
  auditor: DEMO.auditor,
} as const;

/** app.inject with JSON body and optional serviceToken. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { token?: string; body?: unknown; ip?: string; headers?: Record<string, string> } = {},
) {
  const req: InjectOptions = {
    method,
    url: `/SysAdmin${url}`,
    headers: { ...(opts.token ? { serviceToken: opts.token } : {}), ...opts.headers },
    ...(opts.body !== undefined ? { payload: opts.body as InjectOptions['payload'] } : {}),
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  };
  const res = await app.inject(req);
  return { res, status: res.statusCode, body: res.json() as { status: number; data: any; message: string } };
}

export async function login(
  app: FastifyInstance,
  telephone: string,
  password: string = DEMO.password,
): Promise<string> {
  return dataOf(await call(app, 'POST', '/api/login/login', { body: { telephone, password } }))
    .token as string;
}

/** Signs these members of the cast in with their passwords: their tokens by part. */
export async function loginCast<W extends keyof typeof CAST>(app: FastifyInstance, who: W[]) {
  const t = {} as Record<W, string>;
  for (const w of who) t[w] = await login(app, CAST[w]);
  return t;
}

/** Every public scale's id by its code (PHQ9, GAD7, SCL90, …). */
export async function scaleIdsByCode(app: FastifyInstance): Promise<Record<string, number>> {
  const list = await call(app, 'GET', '/api/scale/list?pageSize=50');
  return Object.fromEntries(list.body.data.list.map((s: { code: string; id: number }) => [s.code, s.id]));
}

/** The newest code the dev outbox holds for a phone. */
export async function latestCode(app: FastifyInstance, telephone: string): Promise<string | undefined> {
  const r = await call(app, 'GET', `/api/dev/sms-outbox?telephone=${telephone}`);
  return (r.body.data as { code: string }[])[0]?.code;
}

/** A multipart/form-data body with one file in the field `file`. */
export function multipart(file: Buffer, filename: string, contentType: string) {
  const boundary = '----psytest' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * Signs each account in with its password and reads its id, into the caller's `t` (tokens) and
 * `id` records under the caller's names for them.
 */
export async function signInAll<W extends string>(
  app: FastifyInstance,
  phones: Record<W, string>,
  t: Record<W, string>,
  id: Record<W, number>,
): Promise<void> {
  for (const [who, phone] of Object.entries(phones) as [W, string][]) {
    t[who] = await login(app, phone);
    id[who] = (await call(app, 'GET', '/api/userinfo/info', { token: t[who] })).body.data.id;
  }
}

/** A built-in scale's id by its code (PHQ9, WHO5, …), from the public list. */
export async function scaleIdOf(app: FastifyInstance, code: string): Promise<number> {
  const list = await call(app, 'GET', '/api/scale/list?pageSize=50');
  return list.body.data.list.find((s: { code: string }) => s.code === code).id;
}

/** The demo user's basic information, as the takes below give it unless told otherwise. */
export const ZHANG_XIAOYU = {
  name: '张小雨',
  gender: 'female',
  age: 28,
  regionCode: '110108',
  phone: null,
  extra: {},
};

/** What `take` starts: a scale, a plan, or a screening campaign. */
export type TakeTarget = { scaleId: number } | { planId: number } | { campaignId: number };

/**
 * Takes a scale, a plan or a screening campaign (`target`: `{ scaleId }`, `{ planId }` or
 * `{ campaignId }`) through the API as `token`: start (a campaign's with its consent), consent,
 * basic information (`info`), every item of every part answered at `position(part, item)`, each
 * part submitted (with `durationSeconds` when given); each step checked. Answers the assessment's id.
 */
export async function take(
  app: FastifyInstance,
  token: string,
  target: TakeTarget,
  position: (part: number, item: number) => number,
  opts: { info?: object; durationSeconds?: number } = {},
): Promise<number> {
  const api = (method: 'POST' | 'PUT', url: string, body: unknown) => call(app, method, url, { token, body });
  const s =
    'campaignId' in target
      ? await api('POST', `/api/campaigns/${target.campaignId}/start`, { consent: true })
      : await api('POST', '/api/assessment/start', target);
  expect(s.status, s.body.message).toBe(200);
  const id = (s.body.data.assessmentId ?? s.body.data.id) as number;
  await api('POST', `/api/assessment/${id}/consent`, { accepted: true });
  const state = await api('POST', `/api/assessment/${id}/basic-info`, opts.info ?? ZHANG_XIAOYU);
  expect(state.status, state.body.message).toBe(200);
  for (const [part, p] of (state.body.data.parts as { items: { number: number }[] }[]).entries()) {
    for (const { number } of p.items) {
      const r = await api('PUT', `/api/assessment/${id}/answer`, {
        part,
        item: number,
        position: position(part, number),
      });
      expect(r.status, r.body.message).toBe(200);
    }
    const body =
      opts.durationSeconds === undefined ? { part } : { part, durationSeconds: opts.durationSeconds };
    const done = await api('POST', `/api/assessment/${id}/submit`, body);
    expect(done.status, done.body.message).toBe(200);
  }
  return id;
}

/**
 * `take` of PHQ-9 (`target`: the scale, or a campaign of it) with every item at the position
 * `others` but item 9 (thoughts of self-harm) at `item9`: above its first option, a level-3 warning.
 */
export function takePhq9(
  app: FastifyInstance,
  token: string,
  target: TakeTarget,
  positions: { item9: number; others: number },
  opts: { info?: object } = {},
): Promise<number> {
  return take(app, token, target, (_, item) => (item === 9 ? positions.item9 : positions.others), opts);
}

/** An account's notifications with this title (the newest 100), after every event is delivered. */
export async function notificationsTitled(
  app: FastifyInstance,
  token: string,
  title: string,
): Promise<{ content: string; link: string }[]> {
  await app.deps.events.drain();
  const r = await call(app, 'GET', '/api/userNotification?pageSize=100', { token });
  return (r.body.data.list as { title: string; content: string; link: string }[]).filter(
    (n) => n.title === title,
  );
}

/** The data of an answer that must succeed (200); otherwise the test fails with the answer's message. */
export function dataOf(r: { status: number; body: { data: any; message: string } }) {
  expect(r.status, r.body.message).toBe(200);
  return r.body.data;
}
