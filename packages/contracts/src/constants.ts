/**
 * Plain values the web's shell needs (the API client, the session, the live connection), kept
 * apart from the schemas so that importing them (`@psy/contracts/constants`) does not load zod:
 * the first visit of any page then needs no validation code until a page that uses a schema
 * loads (docs/performance.md, "Bytes on the wire"). The index exports them all as before.
 */

/** Every API path lives under this prefix (spec section 7). */
export const API_PREFIX = '/SysAdmin';
/** Public uploaded files are served from here. */
export const UPLOAD_PATH = `${API_PREFIX}/file/upload/`;

/** Messages the client and server share (spec sections 4, 8, 9). */
export const messages = {
  success: '操作成功',
  noPermission: '无操作权限',
  loginExpired: '登录已过期，正在返回登录页',
  networkTimeout: '网络超时，请稍后再试',
  notFound: '请求的资源不存在',
  apiNotFound: '接口不存在',
  internal: '服务器开小差了，请稍后再试',
  fillRequired: '请填写必填项',
  tooLarge: '提交的内容过大',
  tooManyRequests: '操作过于频繁，请稍后再试',
  methodNotAllowed: '不支持该请求方式',
} as const;

export const CHAT_TEXT_MAX = 2000;
export const CHAT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The web client's STOMP heart-beat (spec section 7). */
export const STOMP_HEARTBEAT_MS = 20_000;
export const STOMP_PATH = '/SysAdmin/api/chat/connect';
