/**
 * The original vben-style mock's answer: always HTTP 200, `code` 0 / `type` success, or
 * `code` -1 / `type` error with the reason in `message`. Unlike the platform's
 * `{ status, data, message }`, clients of the mock read `code`, never the HTTP status.
 */
export interface MockEnvelope<T> {
  code: number;
  result: T;
  message: string;
  type: 'success' | 'error';
}

export function resultSuccess<T>(result: T, message = 'ok'): MockEnvelope<T> {
  return { code: 0, result, message, type: 'success' };
}

export function resultError(message = 'Request failed'): MockEnvelope<null> {
  return { code: -1, result: null, message, type: 'error' };
}

/** The mock's failure messages (spec section 8), kept word for word. */
export const mockMessages = {
  loginFailed: '账号或密码错误',
  tokenMissing: 'Invalid token',
  userNotFound: 'The corresponding user information was not obtained!',
  logoutUnknown: 'Invalid token!',
  loggedOut: 'Token has been destroyed',
  regionCode: '地区代码应为六位数字',
} as const;
