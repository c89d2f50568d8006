/** Local storage keys from the spec (section 3 and 9). */
export const TOKEN_KEY = 'userToken';
export const USER_INFO_KEY = 'userInfo';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}
