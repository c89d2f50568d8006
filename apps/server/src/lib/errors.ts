import { messages } from '@psy/contracts';

export const errorStatus = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  GONE: 410,
  TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

const defaultMessages: Record<ErrorCode, string> = {
  BAD_REQUEST: '请求参数有误',
  UNAUTHORIZED: messages.loginExpired,
  FORBIDDEN: messages.noPermission,
  NOT_FOUND: messages.notFound,
  METHOD_NOT_ALLOWED: messages.methodNotAllowed,
  CONFLICT: '数据已变化，请刷新后重试',
  GONE: '该资源已失效',
  TOO_LARGE: messages.tooLarge,
  UNSUPPORTED_MEDIA: '不支持的内容类型',
  RATE_LIMITED: messages.tooManyRequests,
  INTERNAL: messages.internal,
  UNAVAILABLE: '服务暂不可用，请稍后再试',
};

/** The one error type services throw; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    /** Extra headers for the answer, e.g. Retry-After on 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? defaultMessages[code]);
    this.name = 'AppError';
    this.status = errorStatus[code];
  }
}

export const notFound = (message?: string) => new AppError('NOT_FOUND', message);
export const forbidden = (message?: string) => new AppError('FORBIDDEN', message);
export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);

export function defaultMessageFor(status: number): string {
  const code = (Object.keys(errorStatus) as ErrorCode[]).find((c) => errorStatus[c] === status);
  return code ? defaultMessages[code] : status >= 500 ? messages.internal : '请求有误';
}
