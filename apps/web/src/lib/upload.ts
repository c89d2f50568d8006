import type { Envelope } from '@psy/contracts';
import { API_PREFIX, messages } from '@psy/contracts/constants';
import { ApiError, LOGOUT_DELAY_MS } from './api';
import { logout } from './session';
import { getToken } from './storage';
import { toast } from './toast';

export interface UploadOptions {
  /** 0–99 while bytes go up, 100 once the server has answered. */
  onProgress?: (percent: number) => void;
  /** Aborting cancels the upload; the promise rejects with ApiError(0, 'aborted') and no toast. */
  signal?: AbortSignal;
  /** Defaults to 2 minutes: large photos on slow mobile networks need longer than the usual 20 s. */
  timeoutMs?: number;
  /** Extra multipart fields sent before the file. */
  fields?: Record<string, string>;
  /** Do not toast a failure; the caller shows its own message. */
  silent?: boolean;
}

let loggingOut = false;

/**
 * POST a file (multipart field `file`) to an API path. XMLHttpRequest rather than the
 * shared fetch client because only XHR reports upload progress; the envelope, token header,
 * 401 handling and error toasts follow lib/api.ts.
 */
export function uploadFile<T>(path: string, file: Blob, opts: UploadOptions = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const token = getToken();
    const failWith = (status: number, message: string) => {
      if (status === 401) {
        toast.error(messages.loginExpired);
        if (!loggingOut) {
          loggingOut = true;
          setTimeout(() => {
            loggingOut = false;
            if (getToken() === token) logout(window.location.pathname + window.location.search);
          }, LOGOUT_DELAY_MS);
        }
      } else if (!opts.silent) {
        toast.error(message);
      }
      reject(new ApiError(status, message));
    };
    if (opts.signal?.aborted) {
      reject(new ApiError(0, 'aborted'));
      return;
    }
    xhr.open('POST', `${API_PREFIX}${path}`);
    xhr.withCredentials = true;
    xhr.timeout = opts.timeoutMs ?? 120_000;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('serviceToken', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let payload: Envelope<T> | null = null;
      try {
        payload = JSON.parse(xhr.responseText) as Envelope<T>;
      } catch {
        payload = null;
      }
      if (payload?.status === 200) {
        opts.onProgress?.(100);
        resolve(payload.data);
      } else {
        failWith(payload?.status ?? xhr.status, payload?.message || messages.networkTimeout);
      }
    };
    xhr.onerror = () => failWith(0, messages.networkTimeout);
    xhr.ontimeout = () => failWith(0, messages.networkTimeout);
    xhr.onabort = () => reject(new ApiError(0, 'aborted'));
    opts.signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    for (const [k, v] of Object.entries(opts.fields ?? {})) form.append(k, v);
    form.append('file', file);
    xhr.send(form);
  });
}

/** A file the server would refuse for its type or size, said before uploading it; null when fine. */
export function fileProblem(
  file: File,
  { types, maxBytes, kind = '图片' }: { types: readonly string[]; maxBytes: number; kind?: string },
): string | null {
  if (!types.includes(file.type)) return `不支持该${kind}格式`;
  if (file.size > maxBytes) return `${kind}不能超过 ${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB`;
  return null;
}

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
