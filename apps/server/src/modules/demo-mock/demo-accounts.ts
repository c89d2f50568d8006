import type { DemoUser } from '@psy/contracts';
import { formatDateTime } from '../../lib/time';
import { createFakeUsers } from './fake-users';

export interface DemoAccounts {
  /** Exact match of username and password (strings, strictly equal); re-issues the user's token. */
  login(username: unknown, password: unknown): DemoUser | null;
  /** The user whose live token this is. */
  byToken(token: string): DemoUser | null;
  /** Destroys a live token; false when it was not live. */
  logout(token: string): boolean;
}

/**
 * The fake users and their tokens, in this process's memory only: never the platform's
 * accounts, sessions or database.
 *
 * Each user has one fixed token (`{admin-token}`), live from the start, as in the original
 * mock, where the fake token always works. Logout destroys it: every later call with it
 * fails, in every tab that holds it. The next successful login of that user re-issues the
 * same token. State is per process: a restart brings every token back, and instances behind
 * a load balancer do not share logouts (acceptable for a demo).
 */
export function createDemoAccounts(now: () => Date): DemoAccounts {
  const users = createFakeUsers();
  const destroyed = new Set<string>();
  const copy = (u: DemoUser): DemoUser => ({ ...u, auths: [...u.auths], modules: [...u.modules] });

  return {
    login(username, password) {
      const user = users.find((u) => u.username === username && u.password === password);
      if (!user) return null;
      destroyed.delete(user.token);
      user.last_login = formatDateTime(now(), { seconds: true });
      return copy(user);
    },
    byToken(token) {
      if (destroyed.has(token)) return null;
      const user = users.find((u) => u.token === token);
      return user ? copy(user) : null;
    },
    logout(token) {
      if (destroyed.has(token) || !users.some((u) => u.token === token)) return false;
      destroyed.add(token);
      return true;
    },
  };
}
