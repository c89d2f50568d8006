import type { Channel } from './hub';

/** What crosses instances: a push to a user's destination, or an order to drop their sockets. */
export type BrokerMessage =
  | { op: 'push'; userId: number; channel: Channel; body: unknown }
  | { op: 'close'; userId: number; sessionIds: number[] | 'all'; reason: string };

/**
 * Carries real-time events to whichever instance holds the user's sockets. In-process
 * when there is one instance; Redis pub/sub when REDIS_URL is set.
 */
export interface Broker {
  readonly kind: 'memory' | 'redis';
  publish(msg: BrokerMessage): Promise<void>;
  /** Called for every message, from this instance or another. */
  onMessage(handler: (msg: BrokerMessage) => void): void;
  close(): Promise<void>;
}

export function createMemoryBroker(): Broker {
  const handlers: ((msg: BrokerMessage) => void)[] = [];
  return {
    kind: 'memory',
    async publish(msg) {
      for (const h of handlers) h(msg);
    },
    onMessage(h) {
      handlers.push(h);
    },
    async close() {},
  };
}

export async function createRedisBroker(
  url: string,
  prefix: string,
  onError: (err: unknown) => void,
): Promise<Broker> {
  const CHANNEL = `${prefix}:realtime`;
  // Loaded only when Redis is configured, not at every start (issue 18: start time).
  const { Redis } = await import('ioredis');
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: true });
  pub.on('error', onError);
  sub.on('error', onError);
  await Promise.all([pub.connect(), sub.connect()]);
  const handlers: ((msg: BrokerMessage) => void)[] = [];
  sub.on('message', (_channel: string, raw: string) => {
    let msg: BrokerMessage;
    try {
      msg = JSON.parse(raw) as BrokerMessage;
    } catch (err) {
      onError(err);
      return;
    }
    for (const h of handlers) h(msg);
  });
  await sub.subscribe(CHANNEL);
  return {
    kind: 'redis',
    async publish(msg) {
      // Every instance, this one included, delivers from the subscription: one path, one order.
      await pub.publish(CHANNEL, JSON.stringify(msg));
    },
    onMessage(h) {
      handlers.push(h);
    },
    async close() {
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
