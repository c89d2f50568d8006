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
/**
 * A name search among assessments counts its matches up to this many: past it the page says
 * 超过 N 份 (counting every match of a common name across a platform reads thousands of rows).
 */
export const ASSESSMENT_SEARCH_COUNT_MAX = 1000;
/** Chats in one page of the chat list (the default), and the most one page may ask for. */
export const CHAT_LIST_PAGE_SIZE = 50;
export const CHAT_LIST_PAGE_SIZE_MAX = 100;
/** The unread chats' ids answered at most (newest activity first): the badge shows 99+ long before. */
export const CHAT_UNREAD_IDS_MAX = 1000;
export const CHAT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The web client's STOMP heart-beat (spec section 7). */
export const STOMP_HEARTBEAT_MS = 20_000;
export const STOMP_PATH = '/SysAdmin/api/chat/connect';

/** Format fen as yuan text, e.g. 1990 -> "19.90". */
export function formatFen(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * How long something took, as server and web both say it: 3 秒, 2 分 5 秒, 1 小时 2 分.
 * Under a minute is said in seconds, never rounded up to a minute.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s} 秒`;
  if (s < 3600) return s % 60 ? `${Math.floor(s / 60)} 分 ${s % 60} 秒` : `${s / 60} 分钟`;
  const m = Math.floor((s % 3600) / 60);
  return `${Math.floor(s / 3600)} 小时${m ? ` ${m} 分` : ''}`;
}

export const consultModes = ['online', 'offline'] as const;
export const consultModeLabels: Record<(typeof consultModes)[number], string> = {
  online: '线上',
  offline: '线下',
};

/** 资讯 categories: code -> label. */
export const newsCategories = ['science', 'platform', 'event'] as const;
export type NewsCategory = (typeof newsCategories)[number];
export const newsCategoryLabels: Record<NewsCategory, string> = {
  science: '心理科普',
  platform: '平台动态',
  event: '活动通知',
};
