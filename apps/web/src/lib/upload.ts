import { messages, type Envelope } from '@psy/contracts';
import { ApiError, buildUrl } from './api';
import { getToken } from './storage';
import { toast } from './toast';

/**
 * Uploads one file (multipart field `file`) with XMLHttpRequest, the one browser API that
 * reports upload progress: `onProgress` gets 0..1 as bytes leave. `signal` cancels it (the
 * promise then rejects with ApiError status 0, message 'aborted', and no toast). Failures
 * toast the server's message like the API client.
 */
export function uploadFile<T>(
  path: string,
  file: Blob,
  opts: { filename?: string; onProgress?: (ratio: number) => void; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    const token = getToken();
    if (token) xhr.setRequestHeader('serviceToken', token);
    xhr.setRequestHeader('Accept', 'application/json');
    const fail = (status: number, message: string, quiet = false) => {
      if (!quiet) toast.error(message);
      reject(new ApiError(status, message));
    };
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let payload: Envelope<T> | null = null;
      try {
        payload = JSON.parse(xhr.responseText) as Envelope<T>;
      } catch {
        payload = null;
      }
      if (payload?.status === 200) resolve(payload.data);
      else fail(payload?.status ?? xhr.status, payload?.message || messages.networkTimeout);
    };
    xhr.onerror = () => fail(0, messages.networkTimeout);
    xhr.onabort = () => fail(0, 'aborted', true);
    opts.signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file, opts.filename);
    xhr.send(form);
  });
}
