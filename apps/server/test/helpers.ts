import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';

export const DEMO = {
  user: '13800000001',
  expert: '13800000002',
  auditor: '13800000003',
  admin: '13800000004',
  password: 'Demo@123456',
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
  const r = await call(app, 'POST', '/api/login/login', { body: { telephone, password } });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data.token as string;
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
