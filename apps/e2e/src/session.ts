import type { Page } from 'playwright-core';
import { baseUrl } from './base-url';

export const DEMO_PASSWORD = 'Demo@123456';
export const DEMO = {
  user: '13800000001',
  expert: '13800000002',
  auditor: '13800000003',
  admin: '13800000004',
} as const;

/** Calls the running server's API, as a client would. */
export async function apiCall<T = unknown>(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<{ status: number; data: T; message: string }> {
  const res = await fetch(`${baseUrl()}/SysAdmin${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { serviceToken: opts.token } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  return (await res.json()) as { status: number; data: T; message: string };
}

/** Signs in through the API and puts the session where the web app keeps it (userToken, userInfo). */
export async function signIn(page: Page, telephone: string, password = DEMO_PASSWORD) {
  const r = await apiCall<{ token: string; userinfo: { id: number } }>('POST', '/api/login/login', {
    body: { telephone, password },
  });
  if (r.status !== 200) throw new Error(`login ${telephone}: ${r.message}`);
  await putSession(page, r.data);
  return r.data;
}

/** A demo account's session token, by a password login through the API. */
export async function tokenOf(telephone: string, password = DEMO_PASSWORD): Promise<string> {
  const r = await apiCall<{ token: string }>('POST', '/api/login/login', { body: { telephone, password } });
  return r.data.token;
}

/** Puts a session (from any kind of login) where the web app keeps it (userToken, userInfo). */
export async function putSession(page: Page, session: { token: string; userinfo: unknown }) {
  // A blank page has no origin to keep storage for: open a document of the server's own that
  // runs no script (the health answer), not a page of the app, which would boot the whole app
  // only to be left at once (one to two seconds of a two-core machine per sign-in).
  if (page.url() === 'about:blank') await page.goto('/SysAdmin/api/health');
  await page.evaluate(
    ([token, info]) => {
      localStorage.setItem('userToken', token!);
      localStorage.setItem('userInfo', info!);
    },
    [session.token, JSON.stringify(session.userinfo)],
  );
}

/** The newest SMS code the dev outbox holds for a phone. */
export async function latestSmsCode(telephone: string): Promise<string> {
  const r = await apiCall<{ code: string }[]>('GET', `/api/dev/sms-outbox?telephone=${telephone}`);
  const code = r.data[0]?.code;
  if (!code) throw new Error(`no SMS code for ${telephone}`);
  return code;
}
