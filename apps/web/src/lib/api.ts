import type { Envelope } from '@psy/contracts';
import { API_PREFIX, messages } from '@psy/contracts/constants';
import { getToken } from './storage';
import { toast } from './toast';

export const HTTP_TIMEOUT_MS = 20_000;
export const LOGOUT_DELAY_MS = 2_000;

/** A failed call: `status` is the envelope status, 0 for network failure or time-out. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Handler = () => void;
let onUnauthorized: Handler = () => {};
let logoutTimer: ReturnType<typeof setTimeout> | undefined;

/** The session layer registers what a 401 does (log out and go to /login). */
export function setUnauthorizedHandler(handler: Handler): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  /** Answer the raw Blob (downloads) instead of the envelope's data. */
  blob?: boolean;
  /** Do not show a toast for a failure; the caller shows its own message. */
  silent?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * A 401 here means wrong credentials (login, SMS code), not an expired session: show the
   * server's message like any other failure instead of starting the log-out countdown.
   */
  credentialCheck?: boolean;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_PREFIX}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function fail(status: number, message: string, silent?: boolean, credentialCheck?: boolean): never {
  if (status === 401 && !credentialCheck) {
    // Spec: show the message, log out after 2 s. Several 401s at once log out once.
    if (!logoutTimer) {
      toast.error(messages.loginExpired);
      logoutTimer = setTimeout(() => {
        logoutTimer = undefined;
        onUnauthorized();
      }, LOGOUT_DELAY_MS);
    }
  } else if (!silent) {
    toast.error(message);
  }
  throw new ApiError(status, message);
}

/**
 * The one API client (spec sections 7 and 8): base /SysAdmin, serviceToken header,
 * 20 s time-out, envelope handling, error toasts.
 */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.serviceToken = token;
  const settle = (status: number, message: string, silent?: boolean): never => {
    // Sent with a token that is no longer the session's (signed out or in as someone else
    // meanwhile): its 401 says nothing about the current session, so it stays quiet.
    const stale = status === 401 && token !== getToken();
    return fail(status, message, silent || stale, opts.credentialCheck || stale);
  };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? HTTP_TIMEOUT_MS);
  opts.signal?.addEventListener('abort', () => controller.abort());
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
    });
  } catch {
    clearTimeout(timer);
    if (opts.signal?.aborted) throw new ApiError(0, 'aborted');
    return settle(0, messages.networkTimeout, opts.silent);
  }
  clearTimeout(timer);

  if (opts.blob && res.ok) return (await res.blob()) as T;

  let payload: Envelope<T> | null = null;
  try {
    payload = (await res.json()) as Envelope<T>;
  } catch {
    payload = null;
  }
  if (!payload || typeof payload.status !== 'number') {
    if (res.status === 401) return settle(401, messages.loginExpired, opts.silent);
    return settle(res.status || 0, messages.networkTimeout, opts.silent || res.status === 0);
  }
  if (payload.status === 200) return payload.data;
  const message = payload.message || messages.networkTimeout;
  // The no-permission message is shown by the page that asked, never as a network toast.
  return settle(payload.status, message, opts.silent || message === messages.noPermission);
}

export const api = {
  get: <T>(path: string, query?: RequestOptions['query'], opts?: RequestOptions) =>
    request<T>(path, { ...opts, method: 'GET', query }),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>(path, { ...opts, method: 'PUT', body }),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>(path, { ...opts, method: 'DELETE' }),
};
