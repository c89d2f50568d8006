import { useSyncExternalStore } from 'react';

/**
 * The demo console's own API client and session. It talks to the mock (/v1/*, /table/list),
 * sends its fake token in the Authorization header as the original mock expects, and keeps
 * it under its own local-storage keys: the platform's client (lib/api.ts), its serviceToken
 * and its userToken / userInfo are never read or written here.
 */
export const DEMO_TOKEN_KEY = 'demoConsoleToken';
export const DEMO_USER_KEY = 'demoConsoleUser';
const TIMEOUT_MS = 20_000;

/** The mock's answers that mean "this token is not (or no longer) valid". */
const AUTH_FAILURES = new Set([
  'Invalid token',
  'Invalid token!',
  'The corresponding user information was not obtained!',
]);

export type DemoErrorKind = 'auth' | 'server' | 'network' | 'disabled';

export class DemoApiError extends Error {
  constructor(
    message: string,
    readonly kind: DemoErrorKind,
  ) {
    super(message);
    this.name = 'DemoApiError';
  }
}

interface MockEnvelope<T> {
  code: number;
  result: T;
  message: string;
  type: 'success' | 'error';
}

function readKey(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

let token = readKey(DEMO_TOKEN_KEY);
/** Why the last session ended: the login page is told 'expired' so it can say so. */
let signedOut: 'logout' | 'expired' | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export function getDemoToken(): string | null {
  return token;
}

export function demoSignedOutReason(): 'logout' | 'expired' | null {
  return signedOut;
}

/** The stored token, as React state: the console re-renders when it signs in or out. */
export function useDemoToken(): string | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => token,
  );
}

export function storedDemoUser<T>(): T | undefined {
  try {
    const raw = readKey(DEMO_USER_KEY);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

export function saveDemoSession(newToken: string, user: unknown): void {
  token = newToken;
  signedOut = null;
  try {
    localStorage.setItem(DEMO_TOKEN_KEY, newToken);
    localStorage.setItem(DEMO_USER_KEY, JSON.stringify(user));
  } catch {
    // Private mode: the session lives in memory for this tab.
  }
  notify();
}

export function clearDemoSession(reason: 'logout' | 'expired'): void {
  token = null;
  signedOut = reason;
  try {
    localStorage.removeItem(DEMO_TOKEN_KEY);
    localStorage.removeItem(DEMO_USER_KEY);
  } catch {
    // See saveDemoSession.
  }
  notify();
}

/** Calls the mock; answers `result` on code 0, throws a DemoApiError with a Chinese message otherwise. */
export async function demoRequest<T>(
  path: string,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? 'GET',
      headers: {
        ...(token ? { Authorization: token } : {}),
        ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      signal: controller.signal,
    });
  } catch {
    throw new DemoApiError('网络超时，请稍后再试', 'network');
  } finally {
    clearTimeout(timer);
  }
  if (res.status === 404) throw new DemoApiError('演示后台未开启（DEMO_CONSOLE=false）', 'disabled');
  let envelope: MockEnvelope<T>;
  try {
    envelope = (await res.json()) as MockEnvelope<T>;
  } catch {
    throw new DemoApiError('服务器开小差了，请稍后再试', 'server');
  }
  if (envelope.code === 0) return envelope.result;
  if (AUTH_FAILURES.has(envelope.message)) {
    // The token was destroyed (a logout in another tab, a restart of the mock): forget it here too.
    if (token && path !== '/v1/user/logout') clearDemoSession('expired');
    throw new DemoApiError('登录已失效，请重新登录', 'auth');
  }
  throw new DemoApiError(envelope.message || '请求失败', 'server');
}
