import type { Broker } from './broker';

/** message: chat; notification: the bell; dashboard: the big screen's new warnings (statistics). */
export type Channel = 'message' | 'notification' | 'dashboard';

/** One subscribed socket as the hub sees it. */
export interface HubConnection {
  userId: number;
  sessionId: number;
  /**
   * `body` is the push's JSON; `shared` lives as long as one push to one user, so what a
   * transport derives from the body (an encoded frame) is made once for all the user's sockets.
   */
  deliver(channel: Channel, body: string, shared: { frame?: Buffer }): void;
  /** `kind` 'session' when the login ended, 'shutdown' when the server is going away. */
  close(reason: string, kind?: 'session' | 'shutdown'): void;
}

/**
 * Who is connected where, and delivery to them. Domains call `push`; the broker makes
 * sure the instance holding the user's sockets is the one that delivers.
 */
export function createHub(broker: Broker) {
  const byUser = new Map<number, Set<HubConnection>>();

  broker.onMessage((msg) => {
    const conns = byUser.get(msg.userId);
    if (!conns) return;
    if (msg.op === 'push') {
      const body = JSON.stringify(msg.body);
      const shared = {};
      for (const c of conns) c.deliver(msg.channel, body, shared);
    } else {
      for (const c of [...conns]) {
        if (msg.sessionIds === 'all' || msg.sessionIds.includes(c.sessionId)) c.close(msg.reason);
      }
    }
  });

  return {
    broker,
    add(conn: HubConnection) {
      let set = byUser.get(conn.userId);
      if (!set) byUser.set(conn.userId, (set = new Set()));
      set.add(conn);
    },
    remove(conn: HubConnection) {
      const set = byUser.get(conn.userId);
      if (!set) return;
      set.delete(conn);
      if (set.size === 0) byUser.delete(conn.userId);
    },
    /** Sends a JSON body to every socket of `userId` subscribed to that channel, on any instance. */
    push(userId: number, channel: Channel, body: unknown): Promise<void> {
      return broker.publish({ op: 'push', userId, channel, body });
    },
    /** Drops the user's sockets (logout, password change), on any instance. */
    closeUser(userId: number, sessionIds: number[] | 'all', reason: string): Promise<void> {
      return broker.publish({ op: 'close', userId, sessionIds, reason });
    },
    connectionCount(): number {
      let n = 0;
      for (const s of byUser.values()) n += s.size;
      return n;
    },
    closeAll(reason: string) {
      for (const set of byUser.values()) for (const c of [...set]) c.close(reason, 'shutdown');
    },
  };
}
export type Hub = ReturnType<typeof createHub>;
