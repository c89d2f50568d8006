import { API_PREFIX, CHAT_IMAGE_MAX_BYTES, messages, type ChatImage, type Envelope } from '@psy/contracts';
import { ApiError, LOGOUT_DELAY_MS } from '../../../lib/api';
import { logout } from '../../../lib/session';
import { getToken } from '../../../lib/storage';
import { toast } from '../../../lib/toast';

export const CHAT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/** Checked before uploading so a wrong file fails at once, with the server's own wording. */
export function chatImageProblem(file: File): string | null {
  if (!CHAT_IMAGE_TYPES.includes(file.type)) return '仅支持 JPG、PNG、WebP、GIF 格式的图片';
  if (file.size > CHAT_IMAGE_MAX_BYTES) return `图片不能超过 ${CHAT_IMAGE_MAX_BYTES / 1024 / 1024} MB`;
  return null;
}

let loggingOut = false;

/**
 * POST /api/chat/image (multipart field `file`). XMLHttpRequest rather than the shared
 * fetch client because only XHR reports upload progress; the envelope, token header,
 * time-out and error toasts follow lib/api.ts.
 */
export function uploadChatImage(file: File, onProgress: (percent: number) => void): Promise<ChatImage> {
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
      } else {
        toast.error(message);
      }
      reject(new ApiError(status, message));
    };
    xhr.open('POST', `${API_PREFIX}/api/chat/image`);
    xhr.withCredentials = true;
    // Large photos on slow mobile networks need longer than the usual 20 s.
    xhr.timeout = 120_000;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('serviceToken', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let payload: Envelope<ChatImage> | null = null;
      try {
        payload = JSON.parse(xhr.responseText) as Envelope<ChatImage>;
      } catch {
        payload = null;
      }
      if (payload?.status === 200) {
        onProgress(100);
        resolve(payload.data);
      } else {
        failWith(payload?.status ?? xhr.status, payload?.message || messages.networkTimeout);
      }
    };
    xhr.onerror = () => failWith(0, messages.networkTimeout);
    xhr.ontimeout = () => failWith(0, messages.networkTimeout);
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
